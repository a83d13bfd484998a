import { Loader2Icon } from "lucide-react";
import * as React from "react";
import { useLocation, useNavigation } from "react-router";
import { cn } from "~/lib/utils";

// What a page with slow data says while its data loads; any other page says "Loading...".
const LOADING_TEXTS: [RegExp, string][] = [
  [/^\/pricing\/?$/, "Loading pricing plans..."],
  [/^\/blog\/?$/, "Loading blog posts..."],
  [/^\/blog\/[^/]+\/?$/, "Loading article..."],
];

export function loadingTextFor(pathname: string) {
  return LOADING_TEXTS.find(([path]) => path.test(pathname))?.[1] ?? "Loading...";
}

// Most clicks inside the site land well within this; only a slow one is worth a message, and
// a message that flashes for a moment is worse than none.
const SHOW_AFTER_MS = 200;

/**
 * The path of the page being opened, once a click to another page has waited a moment
 * for its data (pages are rendered on the server, so the first visit never waits in the browser).
 * Searches and paging within a page keep their own indicators: only another path counts.
 */
export function usePendingPage(): string | null {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target =
    navigation.state === "loading" && navigation.location.pathname !== pathname ? navigation.location.pathname : null;
  // Each click is its own wait (the same page opened twice waits twice); once a text shows, it
  // stays until the router is idle, even if another click takes over meanwhile.
  const key = target ? (navigation.location?.key ?? target) : null;
  const [showing, setShowing] = React.useState(false);
  React.useEffect(() => {
    if (!key) return setShowing(false);
    if (target && isResults(target)) void loadResultsSkeleton();
    const timer = setTimeout(() => setShowing(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [key, target]);
  return target && showing ? target : null;
}

const isResults = (pathname: string) => /^\/results\/?$/.test(pathname);
// The skeleton cards are not part of every page's first load: fetched when a click to /results
// starts waiting (well before they show), and never on a page nobody leaves for /results.
const loadResultsSkeleton = () => import("~/components/results/result-card-skeleton");
const ResultsSkeletonGrid = React.lazy(() => loadResultsSkeleton().then((m) => ({ default: m.ResultsSkeletonGrid })));

/** What stands in for the page being opened: the results page's skeleton cards, else its text. */
export function PendingPage({ pathname }: { pathname: string }) {
  if (isResults(pathname)) {
    return (
      <React.Suspense fallback={<PageLoading text={loadingTextFor(pathname)} />}>
        <ResultsSkeletonGrid label="Loading results" className="mx-auto max-w-7xl px-4 py-16 sm:px-6" />
      </React.Suspense>
    );
  }
  return <PageLoading text={loadingTextFor(pathname)} />;
}

export function PageLoading({ text, className, ...props }: React.ComponentProps<"p"> & { text: string }) {
  return (
    <p
      role="status"
      data-slot="page-loading"
      className={cn("flex items-center justify-center gap-2 py-32 text-muted-foreground", className)}
      {...props}
    >
      <Loader2Icon aria-hidden="true" className="size-5 animate-spin" />
      {text}
    </p>
  );
}
