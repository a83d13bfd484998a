import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "~/lib/validation/fields";
import { AppError, isAppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";

export type ActionFailure = { ok: false; error: string; fieldErrors?: Record<string, string> };

/** Reads a form post or a JSON body into a plain object for zod. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = (await request.json().catch(() => null)) as unknown;
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw new AppError("VALIDATION", "The request body must be a JSON object.");
    }
    return body as Record<string, unknown>;
  }
  if (type.includes("form")) return Object.fromEntries(await request.formData());
  throw new AppError("VALIDATION", "Unsupported content type.");
}

export function validationFailure(error: z.ZodError) {
  const errors = fieldErrors(error);
  return data<ActionFailure>(
    { ok: false, error: Object.values(errors)[0] ?? "Invalid input", fieldErrors: errors },
    { status: 400 },
  );
}

/** Maps a thrown error to the answer an action gives: domain errors keep their status and text. */
export function failure(error: unknown) {
  if (isAppError(error)) {
    const headers: Record<string, string> = {};
    if (error.code === "RATE_LIMITED" && typeof error.details.retryAfterSeconds === "number") {
      headers["Retry-After"] = String(error.details.retryAfterSeconds);
    }
    return data<ActionFailure>({ ok: false, error: error.message }, { status: error.status, headers });
  }
  getLogger().error({ err: error }, "unexpected error in action");
  throw error;
}
