import { formatUsdt } from "~/lib/money";
import { pgError } from "../../db/db-errors.ts";
import type { coupons } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";

type CouponRow = typeof coupons.$inferSelect;

export const COUPON_NOT_FOUND = "Code not found.";
export const CODE_TAKEN = "A code with these letters already exists (codes ignore case).";
export const TERMS_FIXED =
  "What a code takes off and for how long cannot change once it has been used: pause it and make a new code.";

/**
 * A code's terms as the audit log keeps them and the back office shows them (money as strings,
 * dates as ISO text): one reading, so what the log says a code was is what the list said.
 */
export function couponTerms(row: CouponRow) {
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: row.amountOff?.toString() ?? null,
    planIds: row.planIds,
    periods: row.periods,
    duration: row.duration,
    durationRenewals: row.durationRenewals,
    maxRedemptions: row.maxRedemptions,
    perMemberLimit: row.perMemberLimit,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    newMembersOnly: row.newMembersOnly,
    paused: row.paused,
    note: row.note,
  };
}

export const auditedCoupon: (row: CouponRow) => Record<string, unknown> = couponTerms;

/** "20% off" / "5.00 USDT off", as the log's summary and the list say it. */
export function offText(row: Pick<CouponRow, "kind" | "percentOff" | "amountOff">): string {
  return row.kind === "percent"
    ? `${row.percentOff}% off`
    : `${formatUsdt(row.amountOff ?? 0n, { suffix: true })} off each plan`;
}

/** A unique violation on the code's index is the person's mistake, said beside the field. */
export function codeTaken(error: unknown): AppError | null {
  const pg = pgError(error);
  if (pg.code !== "23505" || pg.constraint !== "coupons_code_unique") return null;
  return new AppError("CONFLICT", CODE_TAKEN, { fieldErrors: { code: CODE_TAKEN } });
}
