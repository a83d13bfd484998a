import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Sign-ins that open a website session only as a means to something else, which ends it at once
 * (the Telegram portal's account linking proves the email with the sign-in code): no device
 * is noted for them and no "new sign-in" email goes out, since no device was left signed in.
 * A scope the server's own code opens around the call, never a request header, so a visitor
 * cannot silence the notice of a real sign-in.
 */
const withoutNotice = new AsyncLocalStorage<true>();

/** Runs `signIn` with its new session left out of the signed-in devices and their notice. */
export function withoutDeviceNotice<T>({ signIn }: { signIn: () => Promise<T> }): Promise<T> {
  return withoutNotice.run(true, signIn);
}

/** Whether the session being opened is one `withoutDeviceNotice` leaves out. */
export const deviceNoticeLeftOut = () => withoutNotice.getStore() === true;
