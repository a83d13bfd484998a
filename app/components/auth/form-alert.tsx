import { AlertCircleIcon } from "lucide-react";
import type * as React from "react";
import type { ActionAnswer, ActionFailure } from "~/lib/action-answer";
import { tryAgainText } from "~/lib/http/try-again";

/** The refusal in a route action's answer, if it is one. */
export const failureOf = (answer: ActionAnswer | null | undefined): ActionFailure | undefined =>
  answer && !answer.ok ? answer : undefined;

/**
 * What a refused account form says about the whole attempt: a rate limit says when to try again
 * (its wait, as Retry-After gave it), otherwise the server's text or the form's own fallback.
 */
export function refusalText(failure: ActionFailure, fallback: string) {
  if (failure.retryAfterSeconds !== undefined) return tryAgainText(failure.retryAfterSeconds);
  return failure.error || fallback;
}

/**
 * The one answer to a refused account form, beside it rather than in a toast in a corner: an
 * alert, so a screen reader announces it when it appears, and present in the page the server
 * renders, so a form posted without JavaScript shows it too.
 */
export function FormAlert({
  id,
  title,
  children,
  action,
}: {
  id?: string;
  title: string;
  children?: React.ReactNode;
  /** A way on (a link to sign in), after the text. */
  action?: React.ReactNode;
}) {
  return (
    <div
      id={id}
      role="alert"
      data-slot="form-alert"
      className="flex gap-3 rounded-md border border-destructive/60 bg-background p-3 text-sm"
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        {children ? <p>{children}</p> : null}
        {action}
      </div>
    </div>
  );
}
