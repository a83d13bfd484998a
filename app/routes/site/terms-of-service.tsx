import { TermsOfServiceContent } from "~/components/legal/terms-of-service";
import { LEGAL_LAST_UPDATED } from "~/lib/legal";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Terms of Service",
    description: "The terms that govern your use of our signals, indicator and bot.",
  });

export default function TermsOfService() {
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <TermsOfServiceContent lastUpdated={LEGAL_LAST_UPDATED} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
