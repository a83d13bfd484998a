import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "react-router";
import { EARLY_INPUT_SCRIPT } from "~/lib/early-input";
import { NonceProvider } from "~/lib/http/nonce";
import { isDatabaseUnavailable, logDatabaseUnavailable, RETRY_AFTER_SECONDS } from "#server/db/db-errors";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (loadContext.databaseUnavailable && responseStatusCode >= 500) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce ?? "";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Before any of the page's modules: keeps taps and typing until React can answer them.
        bootstrapScriptContent: EARLY_INPUT_SCRIPT,
        // Whole documents, always: parts that load lazily in the browser (below-the-fold
        // sections) must still be in the HTML in place, for readers without JavaScript, for
        // crawlers and for the page cache. None of our loaders stream, so nothing is lost.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Pages carry per-request nonces and may carry session data: never cache them shared.
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * Errors of loaders and actions React Router caught (the page shows its ErrorBoundary). One
 * because the database is away (a restart, a failover) is expected for a moment: a warning
 * without a stack, and the answer becomes 503 with Retry-After instead of 500. Others are
 * logged with their stack, as React Router does by default.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const cause =
    isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  if (isDatabaseUnavailable(cause)) {
    if (context) context.databaseUnavailable = true;
    logDatabaseUnavailable({ error: cause, path: new URL(request.url).pathname });
    return;
  }
  console.error(cause);
};

/** A client-side navigation's data request (`.data`) that failed for the same reason: 503 too. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if (!context.databaseUnavailable || response.status < 500) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
};
