import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { formatUsdt, microToDecimal } from "~/lib/money";
import type { Db, Tx } from "../db/client.ts";
import { billingHistory, ledgerEntries } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { postLedgerEntry } from "./ledger.ts";

/** Finds a member by email, case-insensitively; unknown → NOT_FOUND with the address named. */
export async function findMemberByEmail(db: Db, email: string): Promise<{ id: string; email: string }> {
  const rows = await db.execute<{ id: string; email: string }>(
    sql`select u.id, u.email from "user" u join profiles p on p.id = u.id where lower(u.email) = lower(${email.trim()})`,
  );
  const member = rows.rows[0];
  if (!member) throw new AppError("NOT_FOUND", `No member with the email ${email.trim()}.`);
  return member;
}

/**
 * An operator's manual balance change (ops `credit`): one `adjustment` ledger row saying who
 * and why, idempotent by `reference` (running the same command twice credits once). A credit
 * also appears in the member's billing history and is announced to them. A reference already
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
  const member = await findMemberByEmail(db, options.email);
  const ref = `ops:${reference.trim()}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from profiles where id = ${member.id} for update`);
    const result = await postLedgerEntry({
      tx,
      userId: member.id,
      kind: "adjustment",
      amount,
      reference: ref,
      memo: `${actor}: ${reason || "manual adjustment"}`,
    });
    if (!result.inserted) await assertSameAdjustment({ tx, reference: ref, userId: member.id, amount });
    if (result.inserted && amount > 0n) {
      await tx.insert(billingHistory).values({
        userId: member.id,
        invoiceId: `ADJ-${crypto.randomBytes(5).toString("hex").toUpperCase()}`,
        totalAmount: amount,
        paymentType: "Balance adjustment",
        status: "paid",
        description: reason || "Balance adjustment",
      });
      await enqueueNotification({
        tx,
        userId: member.id,
        kind: "deposit_credited",
        payload: { amount: formatUsdt(amount), balance: formatUsdt(result.balance) },
      });
    }
    return { userId: member.id, email: member.email, applied: result.inserted, balance: result.balance };
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
    `The reference "${reference.slice("ops:".length)}" was already used for ${what}; use a new reference for a different adjustment.`,
  );
}
