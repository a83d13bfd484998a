import { ListHeader } from "~/components/admin/list/list-header";
import { AnnouncementChannelCard } from "~/components/admin/posts/announcement-channel-card";
import { PostsSearch } from "~/components/admin/posts/posts-search";
import { PostsTable } from "~/components/admin/posts/posts-table";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { postListQuerySchema } from "~/lib/validation/admin/posts";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { getAnnouncementChannel } from "#server/staff/posts/announce/get-announcement-channel";
import { listPosts } from "#server/staff/posts/list-posts";
import type { Route } from "./+types/admin.posts";

export const meta: Route.MetaFunction = () => adminMeta("Posts");

/** What this page needs (the role matrix reads it; the loader guards with it). */
export const permission = "content.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const query = postListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listPosts({ db: getDb(), search: query.q, status: query.status, page: query.page });
  return {
    ...list,
    q: query.q,
    status: query.status ?? null,
    canWrite: can(staff.role, "content.write"),
    channel: await getAnnouncementChannel({ db: getDb() }),
    canSetChannel: can(staff.role, "telegram.channel"),
  };
}

/** Posts (content roles): every post whatever its status, searchable by title, a page at a time. */
export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { total, q, status, canWrite, channel, canSetChannel } = loaderData;
  return (
    <div className="grid gap-6">
      <ListHeader
        title="Posts"
        description="The blog: drafts, scheduled posts, what readers see, and the archive."
        newItem={canWrite ? { to: "/admin/posts/new", label: "New post" } : null}
      />
      <AnnouncementChannelCard channel={channel} canSet={canSetChannel} />
      <PostsSearch q={q} status={status} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === 1 ? "1 post" : `${total} posts`}
        {q ? ` with “${q}” in the title` : ""}
      </p>
      <PostsTable list={loaderData} q={q} status={status} canWrite={canWrite} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
