import type * as React from "react";
import { BLOG_FEED_PATH } from "~/lib/meta";
import { cn } from "~/lib/utils";

/**
 * A visible link to the blog's RSS feed (the head's alternate link is for feed readers, not
 * people). Text only: it sits on public pages, whose scripts have a budget.
 */
export function FeedLink({ className, ...props }: React.ComponentProps<"a">) {
  return (
    <a
      data-slot="feed-link"
      href={BLOG_FEED_PATH}
      className={cn("text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground", className)}
      {...props}
    >
      RSS feed
    </a>
  );
}
