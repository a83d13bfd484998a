import { data, Link } from "react-router";
import { CircleCheckIcon, CircleXIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { seoMeta } from "~/lib/meta";
import { getDb } from "#server/db/client";
import { isAppError } from "#server/lib/errors";
import { confirmNewsletter } from "#server/newsletter/confirm-newsletter";
import { NEWSLETTER_MESSAGES } from "#server/newsletter/messages";
import type { Route } from "./+types/newsletter-confirm";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  // The answer depends on a one-time token: never stored by any cache.
  const headers = { "Cache-Control": "no-store" };
  try {
    await confirmNewsletter({ db: getDb(), token });
    return data({ confirmed: true, message: NEWSLETTER_MESSAGES.confirmed }, { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ confirmed: false, message: NEWSLETTER_MESSAGES.invalidLink }, { status: 400, headers });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({ matches, location, title: "Newsletter", description: "Confirm your subscription to new blog posts.", noindex: true });

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { confirmed, message } = loaderData;
  const Icon = confirmed ? CircleCheckIcon : CircleXIcon;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-28 text-center">
      <Icon aria-hidden="true" className={confirmed ? "size-14 text-primary" : "size-14 text-destructive"} />
      <h1 className="text-3xl font-bold tracking-tight">{message}</h1>
      <p className="text-muted-foreground">
        {confirmed
          ? "Thank you. We'll email you when a new article is published."
          : "Subscribe again from the blog and use the link in the newest email within 48 hours."}
      </p>
      <Button asChild size="lg">
        <Link to="/blog">Back to Blog</Link>
      </Button>
    </section>
  );
}
