import * as React from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { FlashToast } from "~/components/site/flash-toast";
import { Toaster } from "~/components/ui/sonner";
import { useNonce } from "~/lib/nonce";
import { getPublicConfig, getPublicOrigin } from "#server/config";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader(_args: Route.LoaderArgs) {
  // The copyright year comes from the current date at request time (spec §1).
  return {
    config: getPublicConfig(),
    year: new Date().getFullYear(),
    siteUrl: getPublicOrigin(),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-svh antialiased">
        {children}
        <Toaster />
        <FlashToast />
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
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Oops! Page not found" : `${error.status} ${error.statusText}`;
    if (error.status === 404) details = "The page you are looking for has moved or never existed.";
  }
  return (
    <main className="mx-auto flex min-h-svh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{details}</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}
