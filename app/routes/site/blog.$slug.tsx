import { data, redirect } from "react-router";
import { ArticleNotFound } from "~/components/blog/article-messages";
import { blogPostMeta, BlogPostPage } from "~/components/blog/blog-post-page";
import { seoMeta } from "~/lib/meta";
import { findPostRedirect } from "#server/content/find-post-redirect";
import { getBlogPost } from "#server/content/get-blog-post";
import { listRelatedPosts } from "#server/content/list-related-posts";
import { getDb } from "#server/db/client";
import { loadOrUnavailable } from "#server/http/load-or-unavailable";
import type { Route } from "./+types/blog.$slug";

export const loader = ({ params }: Route.LoaderArgs) =>
  loadOrUnavailable({
    load: async () => {
      const post = await getBlogPost({ db: getDb(), slug: params.slug });
      if (!post) {
        // A published post's old address (its slug changed) moves for good.
        const moved = await findPostRedirect({ db: getDb(), slug: params.slug });
        if (moved) return redirect(`/blog/${moved}`, 301);
        // Missing and unpublished look the same from outside: the not-found screen, status 404.
        return data({ post: null, related: [] }, { status: 404 });
      }
      return { post, related: await listRelatedPosts({ db: getDb(), slug: post.slug }) };
    },
    // An article that cannot be loaded shows the not-found screen too.
    fallback: { post: null, related: [] },
    failure: "blog article failed to load",
    context: { slug: params.slug },
  });

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const post = loaderData?.post;
  if (!post) return seoMeta({ matches, location, title: "Article Not Found", noindex: true });
  return blogPostMeta({ matches, location, post });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;
  if (!post) return <ArticleNotFound />;
  return <BlogPostPage post={post} related={related} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
