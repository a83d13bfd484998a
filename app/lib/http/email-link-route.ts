import type { HeadersFunction, ShouldRevalidateFunction } from "react-router";

/*
 * Route exports shared by the pages behind links in emails (newsletter confirm and unsubscribe).
 */

/**
 * The token of the emailed link. The pages' buttons post back to the same address (a form
 * without an action keeps the query string), as mail apps' one-click unsubscribe does, so the
 * loader and the action both read it from there.
 */
export const linkToken = (request: Request) => new URL(request.url).searchParams.get("token");

/** Their answers depend on a token: never stored by any cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** After the button, the link is used up or its work done: reloading the page's data would only mislead. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

/** The action's headers when it ran, else the loader's (both say no-store). */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
