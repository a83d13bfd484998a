import { NewsletterCountsView } from "~/components/admin/newsletter/newsletter-counts";
import { NewsletterDeliveries } from "~/components/admin/newsletter/newsletter-deliveries";
import { NewsletterSubscribers } from "~/components/admin/newsletter/newsletter-subscribers";
import { useNewsletterAction } from "~/components/admin/newsletter/use-newsletter-action";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { newsletterActionSchema, newsletterFilterSchema } from "~/lib/validation/admin/newsletter";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listNewsletterDeliveries } from "#server/staff/newsletter/list-newsletter-deliveries";
import {
  countNewsletterSubscribers,
  listNewsletterSubscribers,
} from "#server/staff/newsletter/list-newsletter-subscribers";
import { retryFailedDeliveries } from "#server/staff/newsletter/retry-failed-deliveries";
import { unsubscribeSubscriber } from "#server/staff/newsletter/unsubscribe-subscriber";
import type { Route } from "./+types/admin.newsletter";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "newsletter.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const filter = newsletterFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = getDb();
  const [counts, subscribers, deliveries] = await Promise.all([
    countNewsletterSubscribers({ db }),
    listNewsletterSubscribers({ db, filter }),
    listNewsletterDeliveries({ db }),
  ]);
  return { filter, counts, subscribers, deliveries, canWrite: can(staff.role, "newsletter.write") };
}

/** Unsubscribe an address on its owner's request; send a post's failed emails again. Each audited. */
export const action = defineAction({
  access: "staff",
  permission: "newsletter.write",
  schema: newsletterActionSchema,
  run: async ({ input, staff }) => {
    const db = getDb();
    switch (input.intent) {
      case "unsubscribe": {
        const done = await unsubscribeSubscriber({ db, subscriberId: input.subscriberId, actor: staff.actor });
        return {
          message: done.changed
            ? `${done.email} is unsubscribed: no more new-post emails go to it.`
            : `${done.email} was already unsubscribed.`,
        };
      }
      case "retry": {
        const done = await retryFailedDeliveries({ db, postId: input.postId, actor: staff.actor });
        if (done.count === 0) return { message: `“${done.title}” has no failed emails to send again.` };
        return {
          message: `${done.count} email${done.count === 1 ? "" : "s"} of “${done.title}” will be sent again in the next few minutes.`,
        };
      }
    }
  },
});

/** Newsletter: who is subscribed, and how each post's emails went (editors, admins, owners). */
export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { filter, counts, subscribers, deliveries, canWrite } = loaderData;
  const { send, busy } = useNewsletterAction();
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="text-2xl font-bold">Newsletter</h1>
        <p className="text-sm text-muted-foreground">
          Confirmed subscribers get an email when a post is first published.
        </p>
      </div>
      <NewsletterCountsView counts={counts} />
      <NewsletterDeliveries
        deliveries={deliveries}
        canWrite={canWrite}
        busy={busy}
        onRetry={(postId) => send({ intent: "retry", postId: String(postId) })}
      />
      <NewsletterSubscribers
        filter={filter}
        page={subscribers}
        canWrite={canWrite}
        busy={busy}
        onUnsubscribe={(subscriberId) => send({ intent: "unsubscribe", subscriberId: String(subscriberId) })}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
