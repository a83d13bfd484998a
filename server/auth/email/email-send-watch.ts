import { AsyncLocalStorage } from "node:async_hooks";
import { AppError } from "../../lib/errors.ts";
import { EMAIL_AUTH_MESSAGES } from "./email-auth-messages.ts";

/**
 * Better Auth awaits the email callbacks we give it, then, depending on the endpoint, swallows
 * what they throw (it only logs it: `runInBackgroundOrAwait`, e.g. for an email change) or lets
 * it out as an unexplained error. Either way a member would read "check your inbox" for a mail
 * that never left, or get a 500. A callback reports its failure here; a caller that promises a
 * mail runs Better Auth inside `sendWatched` and answers 503 with a clear message instead.
 */
const watching = new AsyncLocalStorage<{ failed: boolean }>();

export async function sendWatched<T>(work: () => Promise<T>): Promise<T> {
  const state = { failed: false };
  let result: T;
  try {
    result = await watching.run(state, work);
  } catch (error) {
    if (state.failed) throw new AppError("UNAVAILABLE", EMAIL_AUTH_MESSAGES.sendFailed);
    throw error;
  }
  if (state.failed) throw new AppError("UNAVAILABLE", EMAIL_AUTH_MESSAGES.sendFailed);
  return result;
}

/** Called by an email callback whose send threw (outside a watch it does nothing). */
export function noteEmailSendFailure() {
  const state = watching.getStore();
  if (state) state.failed = true;
}
