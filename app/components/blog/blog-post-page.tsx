import type { MetaDescriptor } from "react-router";
import { articleStructuredData } from "~/components/blog/article-structured-data";
import { ArticleView } from "~/components/blog/article-view";
import { FeedLink } from "~/components/blog/feed-link";
import { RelatedArticles } from "~/components/blog/related-articles";
import { feedLink, jsonLd, seoMeta, siteDataOf } from "~/lib/meta";
import { summarizeHtml } from "~/lib/text-summary";
import type { BlogPost, BlogPostSummary } from "~/lib/view-types/content";

/**
 * An article page's body: the public /blog/{slug} page and the back
 * office's preview render this same component, so the preview is the page.
 */
export function BlogPostPage({ post, related }: { post: BlogPost; related: BlogPostSummary[] }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-20 px-4 py-12 sm:px-6">
      <ArticleView post={post} />
      <div className="grid gap-6 border-t pt-12">
        <RelatedArticles posts={related} />
        <FeedLink className="justify-self-start" />
      </div>
    </div>
  );
}

/**
 * An article's search and link-preview tags: the post's SEO title, description and social image
 * when set, else its title, excerpt (or, without one, the body's first words) and
 * hero image (or the site's).
 */
export function blogPostMeta(args: {
  matches: Parameters<typeof seoMeta>[0]["matches"];
  location: { pathname: string };
  post: BlogPost;
  noindex?: boolean;
}): MetaDescriptor[] {
  const { matches, location, post } = args;
  const root = siteDataOf(matches);
  return [
    ...seoMeta({
      matches,
      location,
      title: post.seoTitle || post.title,
      description: post.seoDescription || post.excerpt || summarizeHtml(post.content),
      image: post.socialImage || post.image,
      type: "article",
      noindex: args.noindex,
    }),
    { property: "article:published_time", content: post.date },
    { property: "article:section", content: post.category },
    { property: "article:author", content: post.author },
    feedLink(matches),
    jsonLd(articleStructuredData({ post, siteUrl: root?.siteUrl ?? "", brandName: root?.config.brandName ?? "" })),
  ];
}
