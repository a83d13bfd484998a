import { data, Outlet } from "react-router";
import { PendingPage, usePendingPage } from "~/components/site/pending-page";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { SupportButton } from "~/components/site/support-button";
import { useSiteData } from "~/components/site/use-brand";
import { getHeaderAccount } from "#server/auth/accounts/get-header-account";
import { withCookies } from "#server/http/auth-actions";
import type { Route } from "./+types/_site";

/**
 * Who is signed in, for the header's account menu. Only a request with a cookie can have one, and
 * the anonymous page cache stores only requests without any, so cached pages show "Sign in".
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { account, headers } = await getHeaderAccount(request);
  return data({ account }, { headers: withCookies(headers) });
}

/** The chrome of every public page: navigation, footer and the support button. */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const root = useSiteData();
  const pending = usePendingPage();
  const account = loaderData?.account ?? null;
  if (!root) return <Outlet />;
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className={
          "sr-only z-50 rounded-md bg-background px-4 py-2 text-sm font-medium shadow-lg " +
          "focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        }
      >
        Skip to content
      </a>
      <SiteHeader account={account} />
      <main id="main" className="flex-1">
        {pending ? <PendingPage pathname={pending} /> : null}
        {/* Kept mounted while another page loads, so a cancelled click loses nothing on this one. */}
        <div hidden={pending !== null} className="contents">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
      <SupportButton prefill={account ? { name: account.name, email: account.email } : undefined} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
