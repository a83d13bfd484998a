import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import type { Db } from "../db/client.ts";
import { billingHistory } from "../db/schema.ts";
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
 * also appears in the member's billing history and is announced to them.
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
  if (!reference.trim()) throw new AppError("VALIDATION", "A reference is required (it makes the adjustment idempotent).");
  const member = await findMemberByEmail(db, options.email);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from profiles where id = ${member.id} for update`);
    const result = await postLedgerEntry({
      tx,
      userId: member.id,
      kind: "adjustment",
      amount,
      reference: `ops:${reference.trim()}`,
      memo: `${actor}: ${reason || "manual adjustment"}`,
    });
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
