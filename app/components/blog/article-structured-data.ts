import type { BlogPost } from "~/lib/view-types/content";

const absolute = (siteUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${siteUrl}${path.startsWith("/") ? "" : "/"}${path}`;

/** schema.org Article for search engines (rendered as JSON-LD by the page's meta). */
export function articleStructuredData(options: { post: BlogPost; siteUrl: string; brandName: string }) {
  const { post, siteUrl, brandName } = options;
  const url = `${siteUrl}/blog/${post.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    articleSection: post.category,
    image: [absolute(siteUrl, post.image)],
    author: { "@type": "Person", name: post.author, ...(post.authorRole ? { jobTitle: post.authorRole } : {}) },
    publisher: {
      "@type": "Organization",
      name: brandName,
      url: siteUrl,
      logo: { "@type": "ImageObject", url: absolute(siteUrl, "/favicon.svg") },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}
