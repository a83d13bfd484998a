import { PlusIcon, SearchIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { formatUtc, PostStatusBadge } from "~/components/admin/posts/post-status-badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { POST_STATUSES, postListQuerySchema } from "~/lib/validation/admin/posts";
import { adminMeta } from "~/lib/meta";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listPosts } from "#server/staff/posts/list-posts";
import type { Route } from "./+types/admin.posts";

export const meta: Route.MetaFunction = () => adminMeta("Posts");

/** What this page needs (the role matrix reads it; the loader guards with it). */
export const permission = "content.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const query = postListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listPosts({ db: getDb(), search: query.q, status: query.status, page: query.page });
  return { ...list, q: query.q, status: query.status ?? null, canWrite: can(staff.role, "content.write") };
}

const STATUS_LABELS = { draft: "Drafts", scheduled: "Scheduled", published: "Published", archived: "Archived" } as const;

/** Posts (content roles): every post whatever its status, searchable by title, a page at a time. */
export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { posts, total, page, pageCount, q, status, canWrite } = loaderData;
  const pageLink = (to: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}), page: String(to) })}`;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Posts</h1>
          <p className="text-sm text-muted-foreground">The blog: drafts, scheduled posts, what readers see, and the archive.</p>
        </div>
        {canWrite ? (
          <Button asChild>
            <Link to="/admin/posts/new">
              <PlusIcon aria-hidden="true" />
              New post
            </Link>
          </Button>
        ) : null}
      </div>
      <Form method="get" role="search" aria-label="Posts" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor="posts-search" className="text-sm font-medium">
            Title
          </label>
          <Input id="posts-search" name="q" type="search" defaultValue={q} placeholder="Search by title" className="w-64" />
        </div>
        <div className="grid gap-1">
          <label htmlFor="posts-status" className="text-sm font-medium">
            Status
          </label>
          <select
            id="posts-status"
            name="status"
            defaultValue={status ?? ""}
            className="h-9 rounded-md border bg-background px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <option value="">Every status</option>
            {POST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden="true" />
          Search
        </Button>
      </Form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === 1 ? "1 post" : `${total} posts`}
        {q ? ` with “${q}” in the title` : ""}
      </p>
      {posts.length === 0 ? (
        <p className="text-muted-foreground">{q || status ? "No posts match." : "No posts yet."}</p>
      ) : (
        <Table aria-label="Posts">
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Updated</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {posts.map((post) => (
              <TableRow key={post.id}>
                <TableCell className="font-medium">
                  {canWrite ? (
                    <Link to={`/admin/posts/${post.id}`} className="hover:underline">
                      {post.title}
                    </Link>
                  ) : (
                    post.title
                  )}
                  <span className="block text-xs font-normal text-muted-foreground">/blog/{post.slug}</span>
                </TableCell>
                <TableCell>
                  <PostStatusBadge status={post.status} />
                  {post.status === "scheduled" && post.scheduledAt ? <span className="block text-xs text-muted-foreground">{formatUtc(post.scheduledAt)}</span> : null}
                </TableCell>
                <TableCell>{post.category}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{formatUtc(post.updatedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-4 text-sm">
          {page > 1 ? <Link to={pageLink(page - 1)}>Previous</Link> : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={pageLink(page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
