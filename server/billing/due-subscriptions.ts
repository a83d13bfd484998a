import { and, eq, lte, ne } from "drizzle-orm";
import { subscriptions } from "../db/schema.ts";

/** Subscriptions the renewal job must settle at `now`: active, renewing, due. Lifetime never matches. */
export function dueForRenewal(now: Date) {
  return and(
    eq(subscriptions.status, "active"),
    ne(subscriptions.billingPeriod, "lifetime"),
    lte(subscriptions.nextBillingDate, now),
  );
}
