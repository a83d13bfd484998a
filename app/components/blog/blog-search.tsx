import { SearchIcon } from "lucide-react";
import * as React from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { blogListHref, MAX_SEARCH_LENGTH, normalizeSearch } from "../../lib/search-term";

const DEBOUNCE_MS = 250;

/**
 * The blog's search box. Without JavaScript it is a plain GET form (`/blog?q=…`). With it the
 * search is live: typing updates `?q=` in place (history replaced, debounced) and the server
 * answers, so a search is always a shareable URL.
 */
export function BlogSearch({ query, className, ...props }: { query: string } & React.ComponentProps<"form">) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [value, setValue] = React.useState(query);
  const [syncedKey, setSyncedKey] = React.useState(location.key);
  const lastTerm = React.useRef(query);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back/forward or a link changed the term: show it. Our own live updates replace history and
  // are skipped, so a slow answer never overwrites what is being typed.
  if (location.key !== syncedKey) {
    setSyncedKey(location.key);
    if (navigationType !== "REPLACE") setValue(query);
  }

  // What the URL now says is the baseline for "has the term changed?".
  React.useEffect(() => {
    lastTerm.current = query;
  }, [query]);
  React.useEffect(() => () => clearTimeout(timer.current), []);

  function go(raw: string, replace: boolean) {
    clearTimeout(timer.current);
    const term = normalizeSearch(raw);
    if (replace && term === lastTerm.current) return;
    lastTerm.current = term;
    navigate(blogListHref({ q: term }), { replace, preventScrollReset: true });
  }

  return (
    <form
      role="search"
      action="/blog"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        go(value, false);
      }}
      className={cn("flex w-full max-w-xl gap-2", className)}
      {...props}
    >
      <label htmlFor="blog-search" className="sr-only">
        Search articles
      </label>
      <div className="relative flex-1">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="blog-search"
          type="search"
          name="q"
          value={value}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Search articles..."
          autoComplete="off"
          onChange={(event) => {
            const next = event.target.value;
            setValue(next);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => go(next, true), DEBOUNCE_MS);
          }}
          className="h-11 bg-background pl-9 dark:bg-background/60"
        />
      </div>
      <Button type="submit" size="lg" className="h-11">
        Search
      </Button>
    </form>
  );
}
