import { MailMinusIcon } from "lucide-react";
import type * as React from "react";
import type { ActionFailure } from "~/lib/action-answer";
import { EmailLinkPage } from "./email-link-page";

/** What the unsubscribe pages' shared loader and action answer (server/http/unsubscribe-link.ts). */
type UnsubscribeAnswer = { state: "pending" | "done" | "invalid"; message: string; email: string };

/**
 * The page behind a list's unsubscribe link (the newsletter's, the broadcasts'). Each list words
 * its own sentences; the address is handed to `pending` already in bold.
 */
export function UnsubscribePage({
  loaderData,
  actionData,
  pending,
  done,
  invalid,
}: {
  loaderData: UnsubscribeAnswer;
  actionData: UnsubscribeAnswer | ActionFailure | undefined;
  pending: (email: React.ReactNode) => React.ReactNode;
  done: (email: string) => string;
  invalid: string;
}) {
  // The action always answers a page state (its errors too): `state` tells them apart from the envelope type.
  const { state, message, email } = actionData && "state" in actionData ? actionData : loaderData;
  return (
    <EmailLinkPage
      state={state}
      title={message}
      pendingIcon={MailMinusIcon}
      action="Unsubscribe"
      busyLabel="Unsubscribing..."
    >
      {state === "pending"
        ? pending(<strong className="font-semibold text-foreground">{email}</strong>)
        : state === "done"
          ? done(email)
          : invalid}
    </EmailLinkPage>
  );
}
