import { data } from "react-router";
import { getMemberSession } from "../auth/session.ts";
import { failure } from "./responses.ts";
import { AppError, isAppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import { assertSameOrigin } from "../security/origin.ts";

export const SIGN_IN_AGAIN = "Your session has ended. Please sign in again.";

/**
 * The guard of the dashboard's mutations: same-origin POST from a signed-in member. Unlike the
 * page guard it answers 401 instead of redirecting, so the dashboard can say what happened.
 * `headers` may carry a refreshed session cookie to forward.
 */
export async function requireMemberMutation(request: Request, unauthorizedMessage = SIGN_IN_AGAIN) {
  if (request.method !== "POST") throw new AppError("VALIDATION", "Method not allowed");
  assertSameOrigin(request);
  const { member, headers } = await getMemberSession(request);
  if (!member) throw new AppError("UNAUTHORIZED", unauthorizedMessage);
  return { member, headers };
}

/**
 * Maps an error to the JSON a dashboard mutation answers: domain errors keep their status and
 * text (401 also says `signedOut`, so the page can send the member to sign in); anything
 * unexpected is logged and answered with `fallback` and a 500 instead of breaking the page.
 */
export function memberFailure(error: unknown, fallback: string) {
  if (isAppError(error)) {
    if (error.code === "UNAUTHORIZED") return data({ ok: false as const, error: error.message, signedOut: true }, { status: 401 });
    return failure(error);
  }
  getLogger().error({ err: error }, "dashboard mutation failed");
  return data({ ok: false as const, error: fallback }, { status: 500 });
}
