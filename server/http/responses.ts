import { AppError } from "../lib/errors.ts";

/** The most a form or JSON body may hold (DESIGN.md §6: bodies are size-limited). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export const BODY_TOO_LARGE = "The request body is too large.";

/**
 * Reads a form post or a JSON body into a plain object for zod, never more than
 * BODY_LIMIT_BYTES of it: a declared length over the limit is refused before reading, and a
 * body sent in chunks is cut off as soon as it passes the limit (413). File uploads are not
 * taken by these forms (415).
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    const body = parseJson(await readText(request));
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw new AppError("VALIDATION", "The request body must be a JSON object.");
    }
    return body as Record<string, unknown>;
  }
  if (type.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(await readText(request)));
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Unsupported content type.");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function readText(request: Request): Promise<string> {
  if (Number(request.headers.get("content-length") ?? 0) > BODY_LIMIT_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", BODY_TOO_LARGE);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    // Stop reading, but do not cancel: cancelling destroys the socket, and the client would
    // see a reset instead of our 413. Unread bytes stay in the socket, never in memory.
    if (total > BODY_LIMIT_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", BODY_TOO_LARGE);
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
