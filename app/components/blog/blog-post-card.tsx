import { ArrowRightIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { imageAttributes } from "~/lib/uploads";
import { cn } from "~/lib/utils";
import type { BlogPostSummary } from "~/lib/view-types/content";
import { formatPostDate } from "./format-post-date";

/** One post in the blog grid or among related articles. */
export function BlogPostCard({
  post,
  eager = false,
  headingLevel = 2,
  compact = false,
  className,
  ...props
}: {
  post: BlogPostSummary;
  /** Cards in the first screenful load their image at once; the rest wait until scrolled near. */
  eager?: boolean;
  headingLevel?: 2 | 3;
  compact?: boolean;
} & React.ComponentProps<"article">) {
  const href = `/blog/${post.slug}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // An upload offers its sizes (a card is at most half of the 72rem page, or the phone's width);
  // seeded images keep their one address. The box's shape is fixed either way: no layout shift.
  const image = imageAttributes(post.image);
  return (
    <article
      data-slot="blog-post-card"
      aria-label={post.title}
      className={cn(
        "flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm",
        className,
      )}
      {...props}
    >
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={
          image.srcSet
            ? compact
              ? "(min-width: 64rem) 22rem, (min-width: 48rem) 50vw, 100vw"
              : "(min-width: 72rem) 35rem, (min-width: 48rem) 50vw, 100vw"
            : undefined
        }
        alt={post.title}
        width={image.width ?? 1200}
        height={image.height ?? 630}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[40/21] w-full bg-muted object-cover"
      />
      <div className={cn("flex flex-1 flex-col gap-3", compact ? "p-5" : "p-6")}>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <Badge variant="secondary">{post.category}</Badge>
          <time dateTime={post.date}>{formatPostDate(post.date)}</time>
        </div>
        <Heading className={cn("font-bold tracking-tight text-balance", compact ? "text-lg" : "text-xl")}>
          <Link to={href} className="hover:text-primary">
            {post.title}
          </Link>
        </Heading>
        <p className="text-sm">
          <span className="font-medium">{post.author}</span>
          {post.authorRole ? <span className="text-muted-foreground"> · {post.authorRole}</span> : null}
        </p>
        {compact ? null : <p className="text-muted-foreground">{post.excerpt}</p>}
        <Link
          to={href}
          className={
            "mt-auto inline-flex w-fit items-center gap-1.5 pt-2 text-sm font-semibold tracking-wide " +
            "text-primary hover:underline"
          }
        >
          READ MORE<span className="sr-only">: {post.title}</span>
          <ArrowRightIcon aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}
