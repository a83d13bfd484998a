import { data } from "react-router";
import { ArticleNotFound } from "~/components/blog/article-messages";
import { articleStructuredData } from "~/components/blog/article-structured-data";
import { ArticleView } from "~/components/blog/article-view";
import { RelatedArticles } from "~/components/blog/related-articles";
import { jsonLd, seoMeta, siteDataOf } from "~/lib/meta";
import { getBlogPost } from "#server/content/get-blog-post";
import { listRelatedPosts } from "#server/content/list-related-posts";
import { getDb } from "#server/db/client";
import { loadOrUnavailable } from "#server/http/load-or-unavailable";
import type { Route } from "./+types/blog-post";

export const loader = ({ params }: Route.LoaderArgs) =>
  loadOrUnavailable({
    load: async () => {
      const post = await getBlogPost({ db: getDb(), slug: params.slug });
      // Missing and unpublished look the same from outside: the spec's not-found screen, status 404.
      if (!post) return data({ post: null, related: [] }, { status: 404 });
      return { post, related: await listRelatedPosts({ db: getDb(), slug: post.slug }) };
    },
    // Spec §2: an article that cannot be loaded shows the not-found screen too.
    fallback: { post: null, related: [] },
    failure: "blog article failed to load",
    context: { slug: params.slug },
  });

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const post = loaderData?.post;
  if (!post) return seoMeta({ matches, location, title: "Article Not Found", noindex: true });
  const root = siteDataOf(matches);
  return [
    ...seoMeta({ matches, location, title: post.title, description: post.excerpt, image: post.image, type: "article" }),
    { property: "article:published_time", content: post.date },
    { property: "article:section", content: post.category },
    { property: "article:author", content: post.author },
    jsonLd(articleStructuredData({ post, siteUrl: root?.siteUrl ?? "", brandName: root?.config.brandName ?? "" })),
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;
  if (!post) return <ArticleNotFound />;
  return (
    <div className="mx-auto grid max-w-6xl gap-20 px-4 py-12 sm:px-6">
      <ArticleView post={post} />
      <RelatedArticles posts={related} className="border-t pt-12" />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
