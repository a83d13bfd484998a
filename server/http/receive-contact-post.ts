import type { ContactInput } from "~/lib/validation/site/contact";
import { getMemberSession } from "../auth/accounts/session.ts";
import { getConfig } from "../config.ts";
import { receiveContactMessage } from "../contact/receive-contact-message.ts";
import { getDb } from "../db/client.ts";

/**
 * A contact form's post, from either form (the support dialog's JSON, the /contact page's
 * plain form): anyone may write, and a signed-in member's message is linked to their account
 * for the staff (their session's refreshed cookies go back with the answer).
 */
export async function receiveContactPost(options: {
  request: Request;
  input: ContactInput;
  clientIp: string;
  forwardCookies: (from: Headers) => void;
}) {
  const session = await getMemberSession(options.request);
  options.forwardCookies(session.headers);
  await receiveContactMessage({
    db: getDb(),
    input: options.input,
    clientIp: options.clientIp,
    limit: getConfig().contactRateLimit,
    userId: session.member?.userId ?? null,
  });
  return {};
}
