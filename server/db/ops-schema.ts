// Operator-facing tables. Kept apart from schema.ts; re-exported from it.
import { bigserial, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * Durable alerts for operators (there is no staff table or admin inbox yet): the ledger
 * reconciliation writes one here, besides its error log line, when a balance differs from the
 * sum of its ledger. A future admin console or operator email reads this table.
 */
export const opsAlerts = pgTable(
  "ops_alerts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What was found, e.g. `ledger_mismatch`. */
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("ops_alerts_kind_created_idx").on(t.kind, t.createdAt)],
);
