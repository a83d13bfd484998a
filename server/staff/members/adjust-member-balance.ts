import { formatUsdt } from "~/lib/money";
import { adjustMemberBalance } from "../../billing/adjust-balance.ts";
import type { Db } from "../../db/client.ts";
import { completeCoveredOrder } from "../../orders/complete-covered-order.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

/**
 * The member page's credit/debit: the ops command's adjustment (same ledger row, same billing
 * row and notice for a credit) under `staff-adjust:<key>`, audited with the balance before →
 * after. A replayed key posts nothing and answers the balance as it is.
 */
export async function adjustMemberBalanceByStaff(options: {
  db: Db;
  memberId: string;
  direction: "credit" | "debit";
  amount: bigint;
  reason: string;
  key: string;
  actor: StaffActor;
}) {
  const { db, memberId, direction, reason, key, actor } = options;
  const amount = direction === "credit" ? options.amount : -options.amount;
  const result = await adjustMemberBalance({
    db,
    memberId,
    amount,
    reference: { namespace: "staff-adjust", key },
    reason,
    actor: actor.label,
    onApplied: (tx, change) =>
      recordAuditEvent({
        tx,
        actor,
        action: direction === "credit" ? "member.balance-credit" : "member.balance-debit",
        target: { type: "member", id: memberId },
        summary: `${direction === "credit" ? "Credited" : "Debited"} ${formatUsdt(options.amount, { suffix: true })}: ${reason}`,
        before: { balance: change.before.toString() },
        after: { balance: change.after.toString(), reference: change.reference },
      }),
  });
  // What the toast says: what moved, the order it paid, the balance now (micro-USDT strings).
  const moved = { direction, amount: options.amount.toString() };
  // A credit that covers the member's pending order purchases it, as a deposit would; the
  // answer's balance is then the one after that purchase.
  if (result.credit) {
    const completion = await completeCoveredOrder({ db, userId: memberId, credit: result.credit });
    if (completion.status === "paid")
      return { ...moved, applied: true, balance: completion.newBalance, paidOrder: completion.paid };
  }
  return { ...moved, applied: result.applied, balance: result.balance.toString(), paidOrder: null };
}
