import { desc, eq } from "drizzle-orm";
import { microToDecimal } from "~/lib/money";
import { findMemberByEmail } from "../billing/adjust-balance.ts";
import { ledgerSum } from "../billing/ledger.ts";
import type { Db } from "../db/client.ts";
import { ledgerEntries, profiles } from "../db/schema.ts";

/** A member's balance, the ledger sum it must equal, and the latest ledger rows. */
export async function getMemberBalance(options: { db: Db; email: string }) {
  const { db } = options;
  const member = await findMemberByEmail({ db, email: options.email });
  const [profile] = await db
    .select({ balance: profiles.balance, walletAddress: profiles.walletAddress })
    .from(profiles)
    .where(eq(profiles.id, member.id));
  const sum = await ledgerSum({ db, userId: member.id });
  const recent = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, member.id))
    .orderBy(desc(ledgerEntries.id))
    .limit(10);
  return {
    email: member.email,
    balance: microToDecimal(profile!.balance),
    ledgerSum: microToDecimal(sum),
    consistent: sum === profile!.balance,
    walletAddress: profile!.walletAddress,
    recent: recent.map((e) => ({
      at: e.createdAt.toISOString(),
      kind: e.kind,
      amount: microToDecimal(e.amount),
      reference: e.reference,
      memo: e.memo,
    })),
  };
}
