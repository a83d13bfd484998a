import { data } from "react-router";
import { NotFoundView } from "~/components/site/not-found-view";
import { adminMeta } from "~/lib/meta";
import type { Route } from "./+types/admin.$";

export const meta: Route.MetaFunction = () => adminMeta("Page not found");

/** A back-office address that does not exist (or not yet): 404 inside the back office's frame. */
export function loader() {
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <NotFoundView />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
