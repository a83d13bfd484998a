import * as React from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

/*
 * Parts of a page below the fold whose JavaScript is not part of the first load. The server
 * renders them in place like everything else (entry.server waits for the whole page), so they
 * read, and their links work, before any script runs. In the browser React hydrates the rest of
 * the page and leaves this part's HTML as it is until the part comes near the viewport; then its
 * module is fetched and it hydrates. After a client-side navigation (no server HTML) it loads at
 * once.
 */

// Only load what is about to be seen: half a screen ahead of the reader. A whole screen loaded
// the home page's lower part on a phone without any scroll (its top is under two screens down).
const ROOT_MARGIN = "50% 0px";
const RELOADED = "below-the-fold:reloaded";

/**
 * After a deploy, a page opened before it asks for module files that no longer exist: load the
 * new version of the page once rather than replace the page with an error.
 */
async function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOADED);
    return module;
  } catch (error) {
    if (sessionStorage.getItem(RELOADED)) throw error;
    sessionStorage.setItem(RELOADED, "1");
    window.location.reload();
    return new Promise<never>(() => {});
  }
}

export function lazyBelowTheFold<P extends object>(load: () => Promise<{ default: React.ComponentType<P> }>) {
  // Resolved once the part is wanted in the browser; the server renders it straight away.
  let want: () => void = () => {};
  const wanted = new Promise<void>((resolve) => (want = resolve));
  const Part = React.lazy(() => (typeof document === "undefined" ? load() : wanted.then(() => loadOrReload(load))));

  function BelowTheFold({ className, ...props }: P & { className?: string }) {
    const ref = React.useRef<HTMLDivElement>(null);
    const [ready, setReady] = React.useState(false);
    // While the part waits to hydrate, React cannot tell whether it reads the router's state, so
    // it holds back every router update (a search's loading state, its results, a fetcher) until
    // the part can render. So anything the router starts loads the part at once instead of
    // waiting for the reader to scroll; new props come from loaders, so they are covered too.
    const navigation = useNavigation();
    const revalidator = useRevalidator();
    const fetchers = useFetchers();
    if (navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((f) => f.state !== "idle")) want();

    React.useEffect(() => {
      // Server HTML waiting to hydrate is the only thing that can be inside before the part
      // renders; an empty element means a client-side navigation, where nothing would show
      // until the part loads: load it at once.
      const element = ref.current;
      if (!element?.firstChild || typeof IntersectionObserver !== "function") return want();
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          want();
        },
        { rootMargin: ROOT_MARGIN },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }, []);

    return (
      <div ref={ref} data-slot="below-the-fold" data-state={ready ? "ready" : "pending"} className={className}>
        <React.Suspense fallback={null}>
          <Part {...(props as P)} />
          <Ready onReady={setReady} />
        </React.Suspense>
      </div>
    );
  }
  return BelowTheFold;
}

/** Marks the part hydrated (tests and styles can wait for `data-state="ready"`). */
function Ready({ onReady }: { onReady: (ready: boolean) => void }) {
  React.useEffect(() => onReady(true), [onReady]);
  return null;
}
