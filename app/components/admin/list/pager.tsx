import type * as React from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

const linkClass = "underline underline-offset-4";

/**
 * The links to the pages around a numbered page of a list, and where this page is: "Page 2 of 5"
 * unless `children` says it another way. `href(page)` keeps the list's filters. Hidden when there
 * is one page, unless `always` (when the summary says something the list needs on one page too).
 */
function Pager({
  page,
  pageCount,
  href,
  previous = "Previous",
  next = "Next",
  always = false,
  className,
  children,
  ...props
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  previous?: string;
  next?: string;
  always?: boolean;
} & React.ComponentProps<"nav">) {
  if (pageCount <= 1 && !always) return null;
  return (
    <nav
      data-slot="pager"
      aria-label="Pages"
      className={cn("flex flex-wrap items-center gap-4 text-sm", className)}
      {...props}
    >
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass}>
          {previous}
        </Link>
      ) : null}
      <span>
        {children ?? (
          <>
            Page {page} of {pageCount}
          </>
        )}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={linkClass}>
          {next}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The links of a list paged by a cursor (newest first, "older than this row"): back to the newest
 * page when this is an older one, and on to the older rows when there are more. Hidden when neither.
 */
function CursorPager({
  newest,
  older,
  className,
  ...props
}: { newest: string | null; older: string | null } & React.ComponentProps<"nav">) {
  if (!newest && !older) return null;
  return (
    <nav
      data-slot="cursor-pager"
      aria-label="Pages"
      className={cn("flex flex-wrap items-center gap-4 text-sm", className)}
      {...props}
    >
      {newest ? (
        <Link to={newest} className={linkClass}>
          Newest
        </Link>
      ) : null}
      {older ? (
        <Link to={older} className={linkClass}>
          Older
        </Link>
      ) : null}
    </nav>
  );
}

export { CursorPager, Pager };
