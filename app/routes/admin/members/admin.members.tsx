import { MemberFilters } from "~/components/admin/members/member-filters";
import { MembersTable } from "~/components/admin/members/members-table";
import { adminMeta } from "~/lib/meta";
import type { StaffPermission } from "~/lib/staff-roles";
import { isFiltered, memberListQuery, parseMemberQuery } from "~/lib/validation/admin/members";
import type { MemberListView } from "~/lib/view-types/admin/members";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listMemberPlanChoices } from "#server/staff/members/list-member-plan-choices";
import { listMembers } from "#server/staff/members/list-members";
import type { Route } from "./+types/admin.members";

export const meta: Route.MetaFunction = () => adminMeta("Members");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "members.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs): Promise<MemberListView> {
  await requireStaffPermission(request, permission);
  const { query, problems } = parseMemberQuery(new URL(request.url).searchParams);
  const db = getDb();
  const [list, plans] = await Promise.all([listMembers({ db, query }), listMemberPlanChoices({ db })]);
  // The export takes the same filters; the page, sort and direction mean nothing to it.
  const csvHref = `/admin/members.csv${memberListQuery({ ...query, page: 1, sort: "joined", dir: "desc" })}`;
  return { list, query: { ...query, page: list.page }, problems, plans, csvHref };
}

/** Every member (anyone with a profile, staff included): searched, filtered, sorted and paged in the address. */
export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { list, query, problems, plans, csvHref } = loaderData;
  const filtered = isFiltered(query);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Members</h1>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {list.total === 1 ? "1 member" : `${list.total.toLocaleString("en-US")} members`}
          {filtered ? " match" : ""}
        </p>
      </div>
      {problems.length > 0 ? (
        <div role="alert" className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <MemberFilters query={query} plans={plans} csvHref={csvHref} />
      <MembersTable list={list} query={query} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
