import { CircleCheckIcon, CircleXIcon, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

type State = "pending" | "done" | "invalid";

/**
 * The page behind a link in a newsletter email (confirm, unsubscribe): opening it only asks;
 * the button, a plain form post that works without JavaScript, acts. Done or invalid, it says
 * so and leads back to the blog.
 */
export function EmailLinkPage({
  state,
  title,
  pendingIcon: PendingIcon,
  action,
  busyLabel,
  children,
}: {
  state: State;
  title: string;
  pendingIcon: LucideIcon;
  /** The button's label while the link is pending. */
  action: string;
  busyLabel: string;
  /** The sentence under the title. */
  children: React.ReactNode;
}) {
  const submitting = useNavigation().state === "submitting";
  const Icon = state === "done" ? CircleCheckIcon : state === "pending" ? PendingIcon : CircleXIcon;
  return (
    <section
      data-slot="email-link-page"
      data-state={state}
      className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-28 text-center"
    >
      <Icon aria-hidden="true" className={state === "invalid" ? "size-14 text-destructive" : "size-14 text-primary"} />
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      {state === "pending" ? (
        // No action: the form posts to this address, query string (the link's token) included.
        <Form method="post" replace>
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? busyLabel : action}
          </Button>
        </Form>
      ) : (
        <Button asChild size="lg">
          <Link to="/blog">Back to Blog</Link>
        </Button>
      )}
    </section>
  );
}
