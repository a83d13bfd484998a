import { AppError } from "../lib/errors.ts";

/** The most a form or JSON body may hold (bodies are size-limited). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export const BODY_TOO_LARGE = "The request body is too large.";

/** An action that takes files (multipart/form-data): its own, larger, limit and the words of its 413. */
export type FileUploads = { maxBytes: number; tooLarge: string };

/**
 * Reads a form post or a JSON body into a plain object for zod, never more than
 * BODY_LIMIT_BYTES of it: a declared length over the limit is refused before reading, and a
 * body sent in chunks is cut off as soon as it passes the limit (413). File uploads are taken
 * only by an action that says so (`files`), up to its own limit, and arrive as File values;
 * everywhere else they are refused (415).
 */
export async function readBody(
  request: Request,
  options: { files?: FileUploads } = {},
): Promise<Record<string, unknown>> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data") && options.files) return readMultipart(request, options.files);
  if (type.startsWith("application/json")) {
    const body = parseJson(await readText(request));
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw new AppError("VALIDATION", "The request body must be a JSON object.");
    }
    return body as Record<string, unknown>;
  }
  if (type.startsWith("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(await readText(request)));
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
  return (await readBytes(request, BODY_LIMIT_BYTES, BODY_TOO_LARGE)).toString("utf8");
}

/**
 * A multipart body read within the action's limit, then parsed (by the platform's own
 * multipart parser) from memory: the parser never sees more than the limit. One value per
 * field, the first; files as File.
 */
async function readMultipart(request: Request, files: FileUploads): Promise<Record<string, unknown>> {
  const bytes = await readBytes(request, files.maxBytes, files.tooLarge);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), {
      headers: { "content-type": request.headers.get("content-type")! },
    }).formData();
  } catch {
    throw new AppError("VALIDATION", "The upload could not be read. Try again.");
  }
  const body: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) if (!(name in body)) body[name] = value;
  return body;
}

async function readBytes(request: Request, maxBytes: number, tooLarge: string): Promise<Buffer> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    // Stop reading, but do not cancel: cancelling destroys the socket, and the client would
    // see a reset instead of our 413. Unread bytes stay in the socket, never in memory.
    if (total > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
