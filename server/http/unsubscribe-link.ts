import { data } from "react-router";
import { linkToken, NO_STORE } from "~/lib/http/email-link-route";
import { getDb, type Db } from "../db/client.ts";
import { isAppError } from "../lib/errors.ts";
import type { ActionOptions } from "./action.ts";

type LinkOptions = { db: Db; token: string | null };

/** What a list's unsubscribe page needs from its domain: its messages, and reading and acting on a signed link. */
type UnsubscribeList = {
  messages: { invalidUnsubscribeLink: string; unsubscribePrompt: string; unsubscribed: string };
  find: (options: LinkOptions) => Promise<{ email: string; subscribed: boolean }>;
  unsubscribe: (options: LinkOptions) => Promise<{ email: string }>;
};

/**
 * The loader, and the options of the action (the route builds it with `defineAction`), of a page
 * behind an email's unsubscribe link (the newsletter's, the broadcasts'): the page says whose mail
 * it stops, and only its button, or a mail app's one-click unsubscribe, stops it. Every answer is
 * a page state, a bad or used link's included.
 */
export function unsubscribeLinkRoute({ messages, find, unsubscribe }: UnsubscribeList) {
  const invalid = () =>
    data(
      { state: "invalid" as const, message: messages.invalidUnsubscribeLink, email: "" },
      { status: 400, headers: NO_STORE },
    );

  /** A GET changes nothing: mail scanners open links. */
  async function loader({ request }: { request: Request }) {
    try {
      const { email, subscribed } = await find({ db: getDb(), token: linkToken(request) });
      return data(
        subscribed
          ? { state: "pending" as const, message: messages.unsubscribePrompt, email }
          : { state: "done" as const, message: messages.unsubscribed, email },
        { headers: NO_STORE },
      );
    } catch (error) {
      if (!isAppError(error)) throw error;
      return invalid();
    }
  }

  /**
   * The page's button, and the one-click unsubscribe of mail apps (RFC 8058: a POST to the
   * List-Unsubscribe address with no cookies, sent by the mail provider). No same-origin check:
   * the signed token is the only authority, and stopping the mail is what its holder may do.
   */
  const action = {
    crossSiteBecause: "RFC 8058 one-click unsubscribe: the signed token in the link is the only authority",
    status: 200,
    headers: NO_STORE,
    onError: () => invalid(),
    // The body is not read (no schema): a mail app's one-click POST may carry any, or none.
    run: async ({ request }) => {
      const { email } = await unsubscribe({ db: getDb(), token: linkToken(request) });
      return { state: "done" as const, message: messages.unsubscribed, email };
    },
  } satisfies ActionOptions<undefined, "visitor", object>;

  return { loader, action };
}
