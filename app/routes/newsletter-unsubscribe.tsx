import { data, Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { CircleCheckIcon, CircleXIcon, MailMinusIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { seoMeta } from "~/lib/meta";
import { getDb } from "#server/db/client";
import { readBody } from "#server/http/responses";
import { isAppError } from "#server/lib/errors";
import { NEWSLETTER_MESSAGES } from "#server/newsletter/messages";
import { findUnsubscribeAddress, unsubscribeNewsletter } from "#server/newsletter/unsubscribe-newsletter";
import type { Route } from "./+types/newsletter-unsubscribe";

const noStore = { "Cache-Control": "no-store" };
const invalid = () => data({ state: "invalid" as const, message: NEWSLETTER_MESSAGES.invalidUnsubscribeLink, email: "" }, { status: 400, headers: noStore });

/** The link in a newsletter email: shows whose subscription it ends; a GET changes nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { email, subscribed } = await findUnsubscribeAddress({ db: getDb(), token: new URL(request.url).searchParams.get("token") });
    return data(
      subscribed
        ? { state: "pending" as const, message: NEWSLETTER_MESSAGES.unsubscribePrompt, email }
        : { state: "done" as const, message: NEWSLETTER_MESSAGES.unsubscribed, email },
      { headers: noStore },
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return invalid();
  }
}

/**
 * The button on that page, and the one-click unsubscribe of mail apps (RFC 8058: a POST to the
 * List-Unsubscribe address with no cookies, sent by the mail provider). No same-origin check:
 * the signed token is the only authority, and ending a subscription is what its holder may do.
 */
export async function action({ request }: Route.ActionArgs) {
  try {
    // The link's own token first (a mail app's one-click POST may carry any body, or none).
    const token = new URL(request.url).searchParams.get("token") || (await readBody(request).catch(() => ({}) as Record<string, unknown>)).token;
    const { email } = await unsubscribeNewsletter({ db: getDb(), token });
    return data({ state: "done" as const, message: NEWSLETTER_MESSAGES.unsubscribed, email }, { status: 200, headers: noStore });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return invalid();
  }
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({ matches, location, title: "Newsletter", description: "Stop receiving new blog posts by email.", noindex: true });

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { state, message, email } = actionData ?? loaderData;
  const submitting = useNavigation().state === "submitting";
  const Icon = state === "done" ? CircleCheckIcon : state === "pending" ? MailMinusIcon : CircleXIcon;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-28 text-center">
      <Icon aria-hidden="true" className={state === "invalid" ? "size-14 text-destructive" : "size-14 text-primary"} />
      <h1 className="text-3xl font-bold tracking-tight">{message}</h1>
      {state === "pending" ? (
        <>
          <p className="text-muted-foreground">
            We will stop sending new articles from our blog to <strong className="font-semibold text-foreground">{email}</strong>.
          </p>
          {/* Posts back to this address, token included, so the action reads it as a mail app's one-click would. */}
          <Form method="post" replace>
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          </Form>
        </>
      ) : (
        <>
          <p className="text-muted-foreground">
            {state === "done"
              ? `${email} gets no more emails about new posts. You can subscribe again on the blog at any time.`
              : "Use the link in the newest email you received from us, or write to us through the support button."}
          </p>
          <Button asChild size="lg">
            <Link to="/blog">Back to Blog</Link>
          </Button>
        </>
      )}
    </section>
  );
}
