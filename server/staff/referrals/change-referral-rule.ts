import { sql } from "drizzle-orm";
import { referralRuleText, type ReferralRule } from "~/lib/billing/referrals";
import { referralRuleMessages } from "~/lib/validation/admin/referrals";
import { getReferralRule } from "../../billing/referral-rewards/get-referral-rule.ts";
import type { Db } from "../../db/client.ts";
import { referralSettings } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

/** The audit target of the referral rule (its history on the Referrals page). */
export const REFERRAL_RULE_TARGET = { type: "referral-rule", id: "referrals" } as const;

/** The rule as the audit row keeps it (money as a micro-USDT string: JSON has no bigint). */
const asRecord = (rule: ReferralRule) =>
  rule.kind === "fixed" ? { kind: "fixed", amount: rule.amount.toString() } : { ...rule };

/**
 * An owner sets the referral reward rule. It applies to first payments from then on; a reward
 * already paid keeps the rule it was paid under. The change and its audit row (before and after)
 * are one transaction, the row locked so two owners saving at once each see the other's rule as
 * "before"; saving the rule in force is refused, so the history holds only changes.
 */
export async function changeReferralRule(options: {
  db: Db;
  actor: StaffActor;
  rule: ReferralRule;
  now?: Date;
}): Promise<ReferralRule> {
  const { db, actor, rule } = options;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from referral_settings where id = 1 for update`);
    const before = await getReferralRule({ db: tx });
    if (referralRuleText(before) === referralRuleText(rule))
      throw new AppError("CONFLICT", referralRuleMessages.unchanged);
    const values = {
      kind: rule.kind,
      percent: rule.kind === "percent" ? rule.percent : null,
      amount: rule.kind === "fixed" ? rule.amount : null,
      updatedAt: now,
    };
    await tx
      .insert(referralSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: referralSettings.id, set: values });
    await recordAuditEvent({
      tx,
      actor,
      action: "settings.referrals",
      target: REFERRAL_RULE_TARGET,
      summary: `Referral rewards: ${referralRuleText(rule)}`,
      before: asRecord(before),
      after: asRecord(rule),
      now,
    });
    return rule;
  });
}
