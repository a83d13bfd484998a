import { data } from "react-router";
import { SearchResults } from "~/components/admin/search/search-results";
import { adminMeta } from "~/lib/meta";
import type { StaffPermission } from "~/lib/staff-roles";
import { SEARCH_MIN, searchMessages, searchParamsSchema } from "~/lib/validation/admin/search";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { searchableKinds, searchBackOffice } from "#server/staff/search/search-back-office";
import type { Route } from "./+types/admin.search";

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded?.search ? `“${loaded.search.query}” · Search` : "Search");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "overview.read" satisfies StaffPermission;

/** The header box asks for a few of each kind; the page for a page of one or every kind. */
const PREVIEW_SIZE = 5;
const PAGE_SIZE = 20;

/**
 * The back office's global search: members by email, name or Telegram username,
 * posts by title, each kind only for a role that may read it. A GET: nothing is written.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const url = new URL(request.url);
  const kinds = searchableKinds(staff.role);
  const parsed = searchParamsSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return data({ kinds, error: searchMessages.tooLong, search: null, page: 1 }, { status: 400 });
  const { q, kind, page } = parsed.data;
  if (q.length < SEARCH_MIN) return { kinds, error: q ? searchMessages.tooShort : null, search: null, page: 1 };
  const limit = url.searchParams.has("preview") ? PREVIEW_SIZE : PAGE_SIZE;
  const search = await searchBackOffice({
    db: getDb(),
    role: staff.role,
    term: q,
    kind,
    limit,
    offset: kind ? (page - 1) * PAGE_SIZE : 0,
  });
  return { kinds, error: null, search, page: kind ? page : 1 };
}

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  return <SearchResults {...loaderData} pageSize={PAGE_SIZE} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
