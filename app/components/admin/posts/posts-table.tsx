import { Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { listQuery } from "~/components/admin/list/list-query";
import { Pager } from "~/components/admin/list/pager";
import { AnnouncementStatus } from "~/components/admin/posts/announcement-status";
import { PostStatusBadge } from "~/components/admin/posts/post-status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/lib/dates";
import type { PostStatus } from "~/lib/validation/admin/posts";
import type { AdminPostPage } from "~/lib/view-types/admin/posts";

/** One page of posts with their status and category, and the links to the pages around it (keeping the search). */
export function PostsTable({
  list,
  q,
  status,
  canWrite,
}: {
  list: AdminPostPage;
  q: string;
  status: PostStatus | null;
  canWrite: boolean;
}) {
  const { posts, page, pageCount } = list;
  const pageLink = (to: number) => listQuery({ q, status, page: to });
  return (
    <>
      {posts.length === 0 ? (
        <EmptyState>{q || status ? "No posts match." : "No posts yet."}</EmptyState>
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
                  {post.status === "scheduled" && post.scheduledAt ? (
                    <span className="block text-xs text-muted-foreground">{formatDateTime(post.scheduledAt)}</span>
                  ) : null}
                  {post.announcement ? (
                    <div className="mt-1">
                      <AnnouncementStatus postId={post.id} announcement={post.announcement} canRetry={canWrite} />
                    </div>
                  ) : null}
                </TableCell>
                <TableCell label="Category">{post.category}</TableCell>
                <TableCell label="Updated" className="whitespace-nowrap tabular-nums">
                  {formatDateTime(post.updatedAt)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pager page={page} pageCount={pageCount} href={pageLink} />
    </>
  );
}
