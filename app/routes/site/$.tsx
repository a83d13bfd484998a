import { data } from "react-router";
import { NotFoundView } from "~/components/site/not-found-view";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/$";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Page not found"),
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundView />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
