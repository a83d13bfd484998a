import type { ReferralRule } from "~/lib/billing/referrals";
import type { DbOrTx } from "../../db/client.ts";
import { referralSettings } from "../../db/schema.ts";

/** The owner's reward rule in force; off when its row is missing (a database restored from before it). */
export async function getReferralRule(options: { db: DbOrTx }): Promise<ReferralRule> {
  const [row] = await options.db.select().from(referralSettings).limit(1);
  if (!row) return { kind: "off" };
  if (row.kind === "percent" && row.percent !== null) return { kind: "percent", percent: row.percent };
  if (row.kind === "fixed" && row.amount !== null) return { kind: "fixed", amount: row.amount };
  return { kind: "off" };
}
