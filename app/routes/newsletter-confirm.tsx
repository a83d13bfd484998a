import { data, Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { CircleCheckIcon, CircleXIcon, MailCheckIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { seoMeta } from "~/lib/meta";
import { getDb } from "#server/db/client";
import { readBody } from "#server/http/responses";
import { isAppError } from "#server/lib/errors";
import { confirmNewsletter, findPendingConfirmation } from "#server/newsletter/confirm-newsletter";
import { NEWSLETTER_MESSAGES } from "#server/newsletter/messages";
import { assertSameOrigin } from "#server/security/origin";
import type { Route } from "./+types/newsletter-confirm";

// The answer depends on a one-time token: never stored by any cache.
const noStore = { "Cache-Control": "no-store" };
const invalid = () =>
  data({ state: "invalid" as const, message: NEWSLETTER_MESSAGES.invalidLink, email: "", token: "" }, { status: 400, headers: noStore });

/** The emailed link: shows what would be confirmed; a GET never confirms (mail scanners open links). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  try {
    const { email } = await findPendingConfirmation({ db: getDb(), token });
    return data({ state: "pending" as const, message: NEWSLETTER_MESSAGES.confirmPrompt, email, token: token!.trim() }, { headers: noStore });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return invalid();
  }
}

/** The button on that page: confirms once. Works as a plain form post without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  try {
    assertSameOrigin(request);
    const body = await readBody(request);
    const { email } = await confirmNewsletter({ db: getDb(), token: body.token });
    // An explicit status: without JavaScript the loader runs again after this action, finds the
    // link used up and answers 400, and only an action's own status takes precedence.
    return data({ state: "confirmed" as const, message: NEWSLETTER_MESSAGES.confirmed, email, token: "" }, { status: 200, headers: noStore });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "FORBIDDEN") throw data(error.message, { status: 403 });
    return invalid();
  }
}

// After confirming, the link is used up: reloading the page's data would only answer "invalid".
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({ matches, location, title: "Newsletter", description: "Confirm your subscription to new blog posts.", noindex: true });

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { state, message, email, token } = actionData ?? loaderData;
  const submitting = useNavigation().state === "submitting";
  const Icon = state === "confirmed" ? CircleCheckIcon : state === "pending" ? MailCheckIcon : CircleXIcon;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-28 text-center">
      <Icon aria-hidden="true" className={state === "invalid" ? "size-14 text-destructive" : "size-14 text-primary"} />
      <h1 className="text-3xl font-bold tracking-tight">{message}</h1>
      {state === "pending" ? (
        <>
          <p className="text-muted-foreground">
            Send new articles from our blog to <strong className="font-semibold text-foreground">{email}</strong>?
          </p>
          <Form method="post" replace>
            <input type="hidden" name="token" value={token} />
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? "Confirming..." : "Confirm subscription"}
            </Button>
          </Form>
        </>
      ) : (
        <>
          <p className="text-muted-foreground">
            {state === "confirmed"
              ? "Thank you. We'll email you when a new article is published."
              : "Subscribe again from the blog and use the link in the newest email within 48 hours."}
          </p>
          <Button asChild size="lg">
            <Link to="/blog">Back to Blog</Link>
          </Button>
        </>
      )}
    </section>
  );
}
