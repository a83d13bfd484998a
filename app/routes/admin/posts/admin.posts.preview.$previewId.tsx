import { data } from "react-router";
import { blogPostMeta, BlogPostPage } from "~/components/blog/blog-post-page";
import type { StaffPermission } from "~/lib/staff-roles";
import { listRelatedPosts } from "#server/content/list-related-posts";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { getPostPreview } from "#server/staff/posts/get-post-preview";
import type { Route } from "./+types/admin.posts.preview.$previewId";

/**
 * The editor's preview: the public article page's own components and meta, in the
 * public site's frame, with what the editor held when Preview was pressed (saved or not).
 * Staff only (others get 404 like every /admin address), never indexed, never cached.
 */
/** Who may open this page: anyone who may read posts. */
export const permission = "content.read" satisfies StaffPermission;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaffPermission(request, permission);
  const post = await getPostPreview({ db: getDb(), id: params.previewId });
  if (!post) throw data("Not Found", { status: 404 });
  return { post, related: await listRelatedPosts({ db: getDb(), slug: post.slug }) };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  loaderData?.post
    ? blogPostMeta({ matches, location, post: loaderData.post, noindex: true })
    : [{ name: "robots", content: "noindex, nofollow" }];

export default function AdminPostPreview({ loaderData }: Route.ComponentProps) {
  return <BlogPostPage post={loaderData.post} related={loaderData.related} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
