import { Link } from "react-router";
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
  const pageLink = (to: number) =>
    `?${new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}), page: String(to) })}`;
  return (
    <>
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
                  {post.status === "scheduled" && post.scheduledAt ? (
                    <span className="block text-xs text-muted-foreground">{formatDateTime(post.scheduledAt)}</span>
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
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-4 text-sm">
          {page > 1 ? <Link to={pageLink(page - 1)}>Previous</Link> : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={pageLink(page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
