import { Loader2Icon } from "lucide-react";
import * as React from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { BlogPostSummary } from "~/lib/view-types/content";
import { blogListHref } from "../../lib/search-term";
import { BlogPostCard } from "./blog-post-card";

export const LOADING_TEXT = "Loading blog posts...";

/**
 * The blog grid with its states: error, empty, the search count, the cards and
 * "Load More Posts" (a link to the next page count, so it also works without JavaScript).
 */
export function BlogPostList({
  query,
  posts,
  total,
  page,
  failed,
  searching,
  loadingMore,
  className,
  ...props
}: {
  query: string;
  posts: BlogPostSummary[];
  total: number;
  page: number;
  failed: boolean;
  /** A new search term is being loaded. */
  searching: boolean;
  /** The next page is being loaded. */
  loadingMore: boolean;
} & React.ComponentProps<"section">) {
  const list = React.useRef<HTMLUListElement>(null);
  const shown = React.useRef(posts.length);
  const focusNew = React.useRef(false);
  // After "Load More Posts", keyboard and screen-reader users continue at the first new article.
  React.useEffect(() => {
    const before = shown.current;
    shown.current = posts.length;
    if (!focusNew.current || posts.length <= before) return;
    focusNew.current = false;
    list.current?.querySelectorAll<HTMLAnchorElement>("li h2 a")[before]?.focus({ preventScroll: true });
  }, [posts.length]);

  if (failed) {
    return (
      <section className={className} {...props}>
        <p role="alert" className="py-16 text-center text-destructive">
          Error loading blog posts. Please try again later.
        </p>
      </section>
    );
  }
  if (!query && total === 0 && !searching) {
    return (
      <section className={className} {...props}>
        <p className="py-16 text-center text-muted-foreground">No blog posts available yet.</p>
      </section>
    );
  }
  const hasMore = posts.length < total;
  return (
    <section
      aria-label="Articles"
      aria-busy={searching || loadingMore}
      className={cn("grid gap-6", className)}
      {...props}
    >
      <div aria-live="polite" className="text-muted-foreground">
        {searching ? (
          <p role="status" className="flex items-center gap-2">
            <Loader2Icon aria-hidden="true" className="size-4 animate-spin" />
            {LOADING_TEXT}
          </p>
        ) : query ? (
          <p data-slot="blog-search-count">{`${total} ${total === 1 ? "result" : "results"} for "${query}"`}</p>
        ) : null}
      </div>
      {posts.length > 0 ? (
        <ul ref={list} className={cn("grid gap-8 md:grid-cols-2", searching && "opacity-60 transition-opacity")}>
          {posts.map((post, index) => (
            <li key={post.slug}>
              <BlogPostCard post={post} eager={index < 2} />
            </li>
          ))}
        </ul>
      ) : null}
      {hasMore && !searching ? (
        <LoadMorePosts
          query={query}
          nextPage={page + 1}
          loading={loadingMore}
          onLoadMore={() => (focusNew.current = true)}
        />
      ) : null}
    </section>
  );
}

/** A GET form, so paging works without JavaScript; with it the list grows in place. */
function LoadMorePosts({
  query,
  nextPage,
  loading,
  onLoadMore,
}: {
  query: string;
  nextPage: number;
  loading: boolean;
  onLoadMore: () => void;
}) {
  const navigate = useNavigate();
  return (
    <form
      method="get"
      action="/blog"
      className="flex justify-center"
      onSubmit={(event) => {
        event.preventDefault();
        if (loading) return;
        onLoadMore();
        navigate(blogListHref({ q: query, page: nextPage }), { replace: true, preventScrollReset: true });
      }}
    >
      {query ? <input type="hidden" name="q" value={query} /> : null}
      <input type="hidden" name="page" value={nextPage} />
      <Button
        type="submit"
        variant="outline"
        size="lg"
        data-slot="load-more-posts"
        aria-disabled={loading || undefined}
      >
        {loading ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
        {loading ? LOADING_TEXT : "Load More Posts"}
      </Button>
    </form>
  );
}
