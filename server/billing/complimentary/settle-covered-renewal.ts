import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { subscriptions } from "../../db/schema.ts";
import { enqueueNotification } from "../../notifications/enqueue-notification.ts";
import { isoDate } from "../messages.ts";
import { nextDueDate } from "../periods.ts";
import type { Change, Subscription } from "../resolve-scheduled-change.ts";
import { findComplimentaryCover } from "./complimentary-cover.ts";

type Named = { subscription: Subscription; name: string };

/**
 * A paid plan's renewal when a complimentary plan of the member's gives every chat of it past the
 * due date: nothing is charged (the member would pay for channels staff gave them), the due date
 * moves on a period, or to the gift's end if sooner, and the member is told (renewal_covered).
 * Returns false, writing nothing, when no gift covers it.
 * - The plan held is covered: a change the member scheduled is for a renewal that is charged, so it
 *   stays pending and the date moves on by the period held.
 * - Else the plan a scheduled change switches it to (`renewing`, with `change` to write) is: the
 *   change applies at its date as it would have, and the plan now held is covered, so it is not
 *   charged either; the date moves on by the new period.
 * The cover rule is cover-sql.ts's (renewalCoveredSql), which the reminders and figures read too.
 */
export async function settleCoveredRenewal(options: {
  tx: Tx;
  held: Named;
  renewing: Named;
  change: Change | null;
  due: Date;
}): Promise<boolean> {
  const { tx, held, due } = options;
  const coverOf = ({ subscription }: Named) =>
    findComplimentaryCover({
      db: tx,
      userId: subscription.userId,
      planId: subscription.planId,
      subscriptionId: subscription.id,
      at: due,
    });
  const heldCover = await coverOf(held);
  const switches =
    !heldCover && options.change !== null && options.renewing.subscription.planId !== held.subscription.planId;
  const cover = heldCover ?? (switches ? await coverOf(options.renewing) : null);
  if (!cover) return false;
  const covered = heldCover ? held : options.renewing;
  const sub = covered.subscription;
  if (sub.billingPeriod === "lifetime") return false;
  const next = nextDueDate(due, sub.billingPeriod, sub.trialEndsAt ?? sub.startDate);
  const until = cover.endsAt && cover.endsAt < next ? cover.endsAt : next;
  await tx
    .update(subscriptions)
    .set({ nextBillingDate: until, ...(heldCover ? {} : options.change) })
    .where(eq(subscriptions.id, sub.id));
  // The member sees the date move with no charge and no invoice: they are told why.
  await enqueueNotification({
    tx,
    userId: sub.userId,
    kind: "renewal_covered",
    payload: { plan: covered.name, gift: cover.name, nextBillingDate: isoDate(until) },
  });
  return true;
}
