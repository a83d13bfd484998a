import * as React from "react";

/*
 * Parts of a page below the fold whose JavaScript is not part of the first load. The server
 * renders them in place like everything else (entry.server waits for the whole page), so they
 * read, and their links work, before any script runs. In the browser React hydrates the rest of
 * the page and leaves this part's HTML as it is until the part comes near the viewport; then its
 * module is fetched and it hydrates. After a client-side navigation (no server HTML) it loads at
 * once.
 */

// Only load what is about to be seen: a screen or so ahead of the reader.
const ROOT_MARGIN = "100% 0px";

function whenNear(element: Element) {
  return new Promise<void>((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(element);
  });
}

export function lazyBelowTheFold<P extends object>(load: () => Promise<{ default: React.ComponentType<P> }>) {
  // React calls the factory once, while rendering the lazy part for the first time, right after
  // rendering its wrapper: the wrapper's id (and, when hydrating, its server-rendered element)
  // tell it where the part is.
  let anchorId = "";
  const Part = React.lazy(() => {
    const anchor = typeof document === "undefined" ? null : document.getElementById(anchorId);
    if (!anchor || typeof IntersectionObserver !== "function") return load();
    return whenNear(anchor).then(load);
  });

  function BelowTheFold({ className, ...props }: P & { className?: string }) {
    const id = React.useId();
    anchorId = id;
    const [ready, setReady] = React.useState(false);
    return (
      <div id={id} data-slot="below-the-fold" data-state={ready ? "ready" : "pending"} className={className}>
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
