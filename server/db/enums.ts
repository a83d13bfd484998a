import { pgEnum } from "drizzle-orm/pg-core";

// The enums more than one schema file uses: their own file, so those files import it and not each other.
export const subscriptionStatus = pgEnum("subscription_status", ["active", "expired", "cancelled"]);
export const billingStatus = pgEnum("billing_status", ["paid", "pending", "failed"]);
export const billingPeriod = pgEnum("billing_period", ["monthly", "quarterly", "lifetime"]);
export const ledgerKind = pgEnum("ledger_kind", [
  "deposit",
  "purchase",
  "renewal",
  "adjustment",
  "refund",
  "card",
  "referral",
]);
