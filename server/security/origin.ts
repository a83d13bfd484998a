import { AppError } from "../lib/errors.ts";

/**
 * Cross-site request check for mutations: browsers always send Origin on a cross-site POST,
 * so a present Origin must match the host the request was made to. Requests without an
 * Origin (curl, server-to-server) carry no ambient browser credentials and pass.
 */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") {
    if (origin === "null") throw new AppError("FORBIDDEN", "Cross-site request refused.");
    return;
  }
  const url = new URL(request.url);
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError("FORBIDDEN", "Cross-site request refused.");
  }
  if (originHost !== url.host) throw new AppError("FORBIDDEN", "Cross-site request refused.");
}
