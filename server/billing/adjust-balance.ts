import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { formatUsdt, microToDecimal } from "~/lib/money";
import type { Db, Tx } from "../db/client.ts";
import { billingHistory, ledgerEntries, profiles } from "../db/schema.ts";
import { AppError, isAppError } from "../lib/errors.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { postLedgerEntry, type PostLedgerEntryResult } from "./ledger.ts";

/** Finds a member by email, case-insensitively; unknown → NOT_FOUND with the address named. */
export async function findMemberByEmail({
  db,
  email,
}: {
  db: Db;
  email: string;
}): Promise<{ id: string; email: string }> {
  const rows = await db.execute<{ id: string; email: string }>(
    sql`select u.id, u.email from "user" u join profiles p on p.id = u.id where lower(u.email) = lower(${email.trim()})`,
  );
  const member = rows.rows[0];
  if (!member) throw new AppError("NOT_FOUND", `No member with the email ${email.trim()}.`);
  return member;
}

/**
 * An operator's manual balance change (ops `credit`): one `adjustment` ledger row saying who
 * and why, idempotent by `reference` (running the same command twice credits once). Credits and
 * debits appear in the member's billing history; a credit is also announced to them. A reference already
 * used for another amount or member is refused (CONFLICT): that is a typo or a reused id, and
 * reporting it as "already applied" would hide a credit that never happened.
 *
 * `actor` is who is authenticated (the ops API's credential, or the OS user of a CLI that
 * opened the database itself), never a name the caller typed.
 */
export async function adjustBalance(options: {
  db: Db;
  email: string;
  /** Signed micro-USDT; a debit may not take the balance below zero. */
  amount: bigint;
  reference: string;
  reason: string;
  actor: string;
}) {
  const { db, amount, reference, reason, actor } = options;
  if (amount === 0n) throw new AppError("VALIDATION", "The amount must not be zero.");
  if (!reference.trim())
    throw new AppError("VALIDATION", "A reference is required (it makes the adjustment idempotent).");
  const member = await findMemberByEmail({ db, email: options.email });
  const result = await adjustMemberBalance({
    db,
    memberId: member.id,
    amount,
    reference: { namespace: "ops", key: reference.trim() },
    reason,
    actor,
  });
  return {
    userId: member.id,
    email: member.email,
    applied: result.applied,
    balance: result.balance,
    credit: result.credit,
  };
}

/**
 * The one balance adjustment, shared by the ops command and the back office's credit/debit
 * form: the member's profile locked, one `adjustment` ledger row under `namespace:key`, its
 * billing row, a credit's notice, and (from the back office) the audit row with the balance
 * before → after — all in one transaction. A replayed key changes nothing and answers the same;
 * a debit larger than the balance is refused and writes nothing.
 */
export async function adjustMemberBalance(options: {
  db: Db;
  memberId: string;
  amount: bigint;
  reference: { namespace: "ops" | "staff-adjust"; key: string };
  reason: string;
  /** Who, in the ledger row's memo. */
  actor: string;
  /**
   * Runs in the same transaction when the row was posted (not on a replay): the back office
   * records its audit row here, with the balance before → after.
   */
  onApplied?: (tx: Tx, change: { before: bigint; after: bigint; reference: string }) => Promise<void>;
}) {
  const { db, memberId, amount, reason, actor } = options;
  if (amount === 0n) throw new AppError("VALIDATION", "The amount must not be zero.");
  const ref = `${options.reference.namespace}:${options.reference.key}`;
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ balance: profiles.balance })
      .from(profiles)
      .where(eq(profiles.id, memberId))
      .for("update");
    if (!profile) throw new AppError("NOT_FOUND", "This member no longer exists.");
    let result: PostLedgerEntryResult;
    try {
      result = await postLedgerEntry({
        tx,
        userId: memberId,
        kind: "adjustment",
        amount,
        reference: ref,
        memo: `${actor}: ${reason || "manual adjustment"}`,
      });
    } catch (error) {
      if (!isAppError(error) || error.code !== "PAYMENT_REQUIRED") throw error;
      throw new AppError(
        "PAYMENT_REQUIRED",
        `The debit of ${formatUsdt(-amount, { suffix: true })} is more than the balance of ${formatUsdt(profile.balance, { suffix: true })}; a balance never goes below zero.`,
      );
    }
    if (!result.inserted) await assertSameAdjustment({ tx, reference: ref, userId: memberId, amount });
    if (result.inserted) {
      // Both directions get their billing row, so the member's statement names each with its
      // invoice id and reason. Its total is the amount moved (never negative); the statement
      // takes the sign and the balance after it from the ledger entry the row names.
      await tx.insert(billingHistory).values({
        userId: memberId,
        invoiceId: `ADJ-${crypto.randomBytes(5).toString("hex").toUpperCase()}`,
        totalAmount: amount < 0n ? -amount : amount,
        paymentType: "Balance adjustment",
        status: "paid",
        description: reason || "Balance adjustment",
        ledgerReference: ref,
      });
    }
    // A credit's notice waits while an order is open: the completion that follows folds it in.
    const notificationId =
      result.inserted && amount > 0n
        ? await enqueueNotification({
            tx,
            userId: memberId,
            kind: "balance_credited",
            payload: { amount: formatUsdt(amount), balance: formatUsdt(result.balance) },
            holdWhileOrderOpen: true,
          })
        : null;
    // A debit is told too: what was taken, why, and what is left.
    if (result.inserted && amount < 0n)
      await enqueueNotification({
        tx,
        userId: memberId,
        kind: "balance_debited",
        payload: { amount: formatUsdt(-amount), balance: formatUsdt(result.balance), reason },
      });
    if (result.inserted && options.onApplied)
      await options.onApplied(tx, { before: profile.balance, after: result.balance, reference: ref });
    // What the completion of an open order is handed: the credit posted, and its held notice.
    const credit = result.inserted && amount > 0n ? { reference: ref, notificationId } : null;
    return { applied: result.inserted, balance: result.balance, credit };
  });
}

/** A replayed reference is a no-op only when it repeats the same change; otherwise 409. */
async function assertSameAdjustment(options: { tx: Tx; reference: string; userId: string; amount: bigint }) {
  const { tx, reference, userId, amount } = options;
  const [existing] = await tx
    .select({ userId: ledgerEntries.userId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reference, reference));
  if (!existing || (existing.userId === userId && existing.amount === amount)) return;
  const what = existing.userId === userId ? `an amount of ${microToDecimal(existing.amount)} USDT` : "another member";
  throw new AppError(
    "CONFLICT",
    `The reference "${reference.slice(reference.indexOf(":") + 1)}" was already used for ${what}; use a new reference for a different adjustment.`,
  );
}
