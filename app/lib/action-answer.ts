/*
 * The one envelope every mutation answers (server/http/action.ts), shared by the browser code
 * that reads it. A refusal keeps its HTTP status (400, 401, 402, 409, 429…); the body says why.
 */

export type ActionFailure = {
  ok: false;
  /** The message to show, as the server worded it. */
  error: string;
  /** Per field, for forms: the first problem of each field. */
  fieldErrors?: Record<string, string>;
  /** The session ended: the page should send the member to sign in. */
  signedOut?: true;
  /** A rate limit's wait, as its Retry-After header says (`tryAgainText` words it). */
  retryAfterSeconds?: number;
  /** The submitted text of the fields the action hands back, to fill a page posted without JavaScript in again. */
  values?: Record<string, string>;
};

export type ActionSuccess<T extends object = object> = { ok: true } & T;

export type ActionAnswer<T extends object = object, F extends object = object> =
  ActionSuccess<T> | (ActionFailure & Partial<F>);

/** The text of a session that ended (a 401 `signedOut` answer, the dashboard noticing a sign-out elsewhere). */
export const SIGN_IN_AGAIN = "Your session has ended. Please sign in again.";

/** The text of a 503: the database is away for a moment (a restart or failover); nothing was half-done. */
export const TEMPORARILY_UNAVAILABLE = "The service is temporarily unavailable. Please try again in a moment.";
