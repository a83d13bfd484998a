import { ArrowLeftIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { imageAttributes } from "~/lib/uploads";
import { cn } from "~/lib/utils";
import type { BlogPost } from "~/lib/view-types/content";
import { formatPostDate } from "./format-post-date";
import { ShareButton } from "./share-button";

/** One article: its header, hero image and body. */
export function ArticleView({ post, className, ...props }: { post: BlogPost } & React.ComponentProps<"article">) {
  // An upload offers its sizes for the hero (at most the 64rem column); seeded images keep their one address.
  const hero = imageAttributes(post.image);
  return (
    <article className={cn("grid gap-10", className)} {...props}>
      <header className="mx-auto grid w-full max-w-3xl gap-5">
        <Link
          to="/blog"
          className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          All articles
        </Link>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <Badge variant="secondary">{post.category}</Badge>
          <time dateTime={post.date}>{formatPostDate(post.date)}</time>
        </div>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">{post.title}</h1>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-sm">
            <span className="font-semibold">{post.author}</span>
            {post.authorRole ? <span className="block text-muted-foreground">{post.authorRole}</span> : null}
          </p>
          <ShareButton title={post.title} text={post.excerpt} />
        </div>
      </header>
      <img
        src={hero.src}
        srcSet={hero.srcSet}
        sizes={hero.srcSet ? "(min-width: 64rem) 64rem, 100vw" : undefined}
        alt={post.title}
        width={hero.width ?? 1200}
        height={hero.height ?? 630}
        fetchPriority="high"
        className="mx-auto aspect-[40/21] w-full max-w-5xl rounded-2xl border bg-muted object-cover"
      />
      {/* Stored HTML was sanitized with an allow-list when it was written. */}
      <div className="prose-content mx-auto w-full max-w-3xl" dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  );
}
