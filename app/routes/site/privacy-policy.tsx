import { PrivacyPolicyContent } from "~/components/legal/privacy-policy";
import { LEGAL_LAST_UPDATED } from "~/lib/legal";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Privacy Policy",
    description: "How we collect, use and protect your personal data.",
  });

export default function PrivacyPolicy() {
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <PrivacyPolicyContent lastUpdated={LEGAL_LAST_UPDATED} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
