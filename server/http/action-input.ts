import { data } from "react-router";
import type { z } from "zod";
import type { ActionFailure } from "~/lib/action-answer";
import { controlCharacterField, fieldErrors } from "~/lib/validation/fields";
import { AppError } from "../lib/errors.ts";

export const CONTROL_CHARACTERS = "This field contains characters that are not allowed.";

export function parseInput<Schema extends z.ZodType | undefined>(
  options: { schema?: Schema; refuseInput?: (error: z.ZodError) => AppError | undefined },
  body: Record<string, unknown>,
) {
  const parsed = options.schema!.safeParse(body);
  if (parsed.success) {
    // The schema's field rules refuse control characters with each field's own message; this
    // catches what no rule read (a field the schema strips, a value it passes through), so a NUL
    // never reaches the database, which cannot store one.
    const field = controlCharacterField(body);
    if (field) throw new AppError("VALIDATION", CONTROL_CHARACTERS, { fieldErrors: { [field]: CONTROL_CHARACTERS } });
    return parsed.data;
  }
  const mapped = options.refuseInput?.(parsed.error);
  if (mapped) throw mapped;
  const errors = fieldErrors(parsed.error);
  throw new AppError("VALIDATION", Object.values(errors)[0] ?? "Invalid input", { fieldErrors: errors });
}

/** The declared fields' submitted text, for a refusal to hand back (see `echo`). */
export function echoed(fields: readonly string[] | undefined, body: Record<string, unknown> | undefined) {
  if (!fields || !body) return undefined;
  const values: Record<string, string> = {};
  for (const field of fields) if (typeof body[field] === "string") values[field] = body[field];
  return values;
}

/**
 * A domain error as the envelope: its text, its status, and what the error chose to tell the
 * caller (field errors, a refused purchase's figures in `answer`). Nothing else of `details` is
 * sent: it may hold internal facts meant for the log. A rate limit's wait is in the body as well
 * as in Retry-After, so a page rendered on the server (a form posted without JavaScript) can say
 * when to try again.
 */
export function refusal(error: AppError, cookies: Headers, values?: Record<string, string>) {
  const headers = new Headers(cookies);
  const extra = error.details.headers as Record<string, string> | undefined;
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  const answer = (error.details.answer ?? {}) as Record<string, unknown>;
  const body: ActionFailure = { ...answer, ok: false, error: error.message };
  if (error.code === "RATE_LIMITED" && typeof error.details.retryAfterSeconds === "number") {
    headers.set("Retry-After", String(error.details.retryAfterSeconds));
    body.retryAfterSeconds = error.details.retryAfterSeconds;
  }
  if (values) body.values = values;
  if (error.details.fieldErrors) body.fieldErrors = error.details.fieldErrors as Record<string, string>;
  if (error.code === "UNAUTHORIZED") body.signedOut = true;
  return data(body, { status: error.status, headers });
}
