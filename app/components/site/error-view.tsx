import type * as React from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { cn } from "~/lib/utils";

/**
 * The one error screen (every route exports the same ErrorBoundary). A route's
 * boundary renders inside its layout, so the header, footer or dashboard chrome stay usable;
 * the root's covers the whole page when even the layout failed. It says what happened in plain
 * words and never shows a stack or an internal message.
 */
export function ErrorView({ error, className, ...props }: React.ComponentProps<"section"> & { error: unknown }) {
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Oops! Page not found" : `${error.status} ${error.statusText}`.trim();
    if (error.status === 404) details = "The page you are looking for has moved or never existed.";
  }
  return (
    <section
      data-slot="error-view"
      role="alert"
      className={cn(
        "mx-auto flex max-w-xl flex-col items-center justify-center gap-4 p-6 py-24 text-center",
        className,
      )}
      {...props}
    >
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{details}</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}

/** Export it from a route module as `export { RouteErrorBoundary as ErrorBoundary }`. */
export function RouteErrorBoundary() {
  return <ErrorView error={useRouteError()} />;
}
