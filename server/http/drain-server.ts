import type { Server } from "node:http";

/**
 * Stops a server the way a deploy needs (SIGTERM): no new connections, idle keep-alive
 * connections closed now, requests in flight allowed to finish until `deadlineMs`, then
 * whatever is left is cut. Resolves once every connection is gone.
 */
export async function drainServer(server: Server, options: { deadlineMs: number }): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // Keep-alive connections that finish a request while we drain are closed as they go idle.
  const sweep = setInterval(() => server.closeIdleConnections(), 250);
  const deadline = setTimeout(() => server.closeAllConnections(), options.deadlineMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}

/** Bounded waits for slow or idle clients (a slow sender must not hold a socket for ever). */
export function setServerTimeouts(server: Server) {
  // Headers must arrive within 15 s and the whole request within 30 s; an idle keep-alive
  // connection is closed after 5 s (below the 60 s idle timeout of common load balancers,
  // which therefore never reuse a connection we are closing).
  server.headersTimeout = 15_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
}
