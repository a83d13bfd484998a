import type * as React from "react";
import { cn } from "~/lib/utils";
import type { BlogPostSummary } from "~/lib/view-types/content";
import { BlogPostCard } from "./blog-post-card";

/** Up to three other published articles, newest first. */
export function RelatedArticles({
  posts,
  className,
  ...props
}: { posts: BlogPostSummary[] } & React.ComponentProps<"section">) {
  return (
    <section aria-labelledby="related-heading" className={cn("grid gap-6", className)} {...props}>
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
        Related Articles
      </h2>
      {posts.length === 0 ? (
        <p className="text-muted-foreground">No related articles found.</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.slug}>
              <BlogPostCard post={post} headingLevel={3} compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
