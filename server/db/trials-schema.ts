import { index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt } from "./columns.ts";
import { pricing } from "./content-schema.ts";

/**
 * Who has had a plan's free trial: one row per plan and identity — the account, the verified
 * email and the Telegram account the trial was started with (`user:…`, `email:…`, `telegram:…`;
 * the email and the Telegram id as SHA-256 digests, so a deleted account leaves no address here).
 * The primary key makes a second trial of a plan by any of them impossible, also when two starts
 * race: the second insert finds the first's row. Rows outlive the account on purpose: signing up
 * again with the same email must not bring a new trial.
 */
export const trialClaims = pgTable(
  "trial_claims",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => pricing.id, { onDelete: "cascade" }),
    identity: text("identity").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    subscriptionId: uuid("subscription_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.identity] }), index("trial_claims_user_idx").on(t.userId)],
);
