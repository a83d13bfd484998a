import { redirect } from "react-router";
import { ContactPageForm } from "~/components/site/contact-page-form";
import { seoMeta } from "~/lib/meta";
import { contactSchema } from "~/lib/validation/site/contact";
import { getMemberSession } from "#server/auth/accounts/session";
import { defineAction } from "#server/http/action";
import { receiveContactPost } from "#server/http/receive-contact-post";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Contact support",
    description: "Questions about plans, payments or access? Write to us; we usually answer within a day.",
  });

/** Where a sent message leads: the page saying so, at an address of its own (see the action). */
const SENT_PATH = "/contact?sent=1";

/**
 * A signed-in member finds their name and address filled in (the sent panel has no form to fill).
 * An anonymous visitor sends no cookie, so the page cache keeps one copy of the empty form (and
 * one of the sent panel) for everyone.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  if (sent || !request.headers.get("cookie")) return { prefill: null, sent };
  const { member } = await getMemberSession(request);
  return { prefill: member ? { name: member.name, email: member.email } : null, sent };
}

/**
 * The contact form as a page: the same schema and domain call as the support dialog's
 * /api/contact, posted as a plain form (so it works before scripts load, or without them) and
 * answered by this page, filled in again on a refusal. A sent message is answered with a redirect
 * to the sent panel's own address, so reloading it, or coming Back to it, posts nothing again.
 */
export const action = defineAction({
  schema: contactSchema,
  echo: ["name", "email", "telegram", "message"],
  run: async (options) => {
    await receiveContactPost(options);
    return redirect(SENT_PATH, 303);
  },
});

export default function Contact({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6 lg:py-16">
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Contact support</h1>
        <p className="mt-3 text-muted-foreground">
          Questions about plans, payments or access? We usually answer within a day.
        </p>
      </header>
      <ContactPageForm prefill={loaderData.prefill} sent={loaderData.sent} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
// A rate-limited form posted without JavaScript gets its page with Retry-After as well.
export { pageHeaders as headers } from "#server/http/action";
