import * as React from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { ErrorView } from "~/components/site/error-view";
import { FlashToast } from "~/components/site/flash-toast";
import { Toaster } from "~/components/ui/sonner";
import { FLASH_TOAST_COOKIE, flashToastDeleteCookie, readCookie, readFlashToast } from "~/lib/http/cookies";
import { useNonce } from "~/lib/http/nonce";
import { THEME_COLORS } from "~/lib/meta";
import type { SiteData } from "~/lib/view-types/site";
import { getPublicConfig, getPublicOrigin } from "#server/config";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  // With a precedence React writes the stylesheet first in the head, ahead of the scripts'
  // modulepreloads: the browser asks for it first and can paint as soon as the HTML is parsed.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function loader({ request }: Route.LoaderArgs) {
  // The copyright year comes from the current date at request time.
  const site: SiteData = {
    config: getPublicConfig(),
    year: new Date().getFullYear(),
    siteUrl: getPublicOrigin(),
  };
  // A toast a redirect left is shown by this answer, so it is deleted with it: shown once, with
  // or without JavaScript. (A request with a cookie is never served from the page cache.)
  const cookies = request.headers.get("cookie");
  if (readCookie(cookies, FLASH_TOAST_COOKIE) === undefined) return site;
  const flash = readFlashToast(cookies);
  return data({ ...site, ...(flash ? { flash } : {}) }, { headers: { "Set-Cookie": flashToastDeleteCookie() } });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-svh antialiased">
        {/* First in the page: without scripts its message is a status line above everything. */}
        <FlashToast />
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="min-h-svh">
      <ErrorView error={error} className="min-h-svh py-6" />
    </main>
  );
}
