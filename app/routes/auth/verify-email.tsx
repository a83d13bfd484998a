import { CircleCheckIcon, CircleXIcon, MailCheckIcon } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { linkToken, NO_STORE } from "~/lib/http/email-link-route";
import { seoMeta } from "~/lib/meta";
import { confirmEmailLink, findEmailConfirmation } from "#server/auth/email/confirm-email-link";
import { EMAIL_AUTH_MESSAGES } from "#server/auth/email/email-auth-messages";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { isAppError } from "#server/lib/errors";
import type { Route } from "./+types/verify-email";

type Kind = "verify" | "change";
type PageState = { state: "pending" | "done" | "invalid"; kind: Kind; email: string };

const invalid = () =>
  data<PageState>({ state: "invalid", kind: "verify", email: "" }, { status: 400, headers: NO_STORE });

/** The emailed link (verification or email change): shows what it confirms; a GET never uses it (mail scanners open links). */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { kind, email } = await findEmailConfirmation({ db: getDb(), linkId: linkToken(request) });
    return data<PageState>({ state: "pending", kind, email }, { headers: NO_STORE });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return invalid();
  }
}

/** The page's button: uses the link once. A plain form post, so it works without JavaScript. */
export const action = defineAction({
  status: 200,
  headers: NO_STORE,
  onError: () => invalid(),
  run: async ({ request }) => {
    const { kind, email } = await confirmEmailLink({ db: getDb(), linkId: linkToken(request) });
    return { state: "done" as const, kind, email };
  },
});

export { headers, shouldRevalidate } from "~/lib/http/email-link-route";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({ matches, location, title: "Verify email", description: "Confirm your email address.", noindex: true });

const titles: Record<PageState["state"], Record<Kind, string>> = {
  pending: { verify: "Verify your email address", change: "Confirm your new email address" },
  done: { verify: EMAIL_AUTH_MESSAGES.verified, change: EMAIL_AUTH_MESSAGES.changed },
  invalid: { verify: EMAIL_AUTH_MESSAGES.invalidLink, change: EMAIL_AUTH_MESSAGES.invalidLink },
};

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const { state, kind, email } = actionData && "state" in actionData ? actionData : loaderData;
  const Icon = state === "done" ? CircleCheckIcon : state === "pending" ? MailCheckIcon : CircleXIcon;
  return (
    <section
      data-slot="verify-email"
      data-state={state}
      className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-28 text-center"
    >
      <Icon aria-hidden="true" className={state === "invalid" ? "size-14 text-destructive" : "size-14 text-primary"} />
      <h1 className="text-3xl font-bold tracking-tight">{titles[state][kind]}</h1>
      <p className="text-muted-foreground">
        {state === "pending" ? (
          <>
            {kind === "change" ? "Use " : "Confirm "}
            <strong className="font-semibold text-foreground">{email}</strong>
            {kind === "change" ? " as the email address of your account?" : " as the email address of your account."}
          </>
        ) : state === "done" ? (
          kind === "change" ? (
            <>
              Your account now uses <strong className="font-semibold text-foreground">{email}</strong>.
            </>
          ) : (
            "Thank you. Your email address is verified."
          )
        ) : (
          "This link was already used, has expired, or was replaced by a newer one. Ask for a new " +
          "link from your dashboard."
        )}
      </p>
      {state === "pending" ? (
        // No action: the form posts to this address, query string (the link's token) included.
        <Form method="post" replace>
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? "Confirming..." : kind === "change" ? "Confirm new email" : "Verify email"}
          </Button>
        </Form>
      ) : (
        <Button asChild size="lg">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      )}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
