import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { getDepositXpub } from "./deposit-key.ts";
import { deriveDepositAddress } from "./derive-deposit-address.ts";

export type Wallet = {
  /** Base58check TRON address the member deposits USDT (TRC-20) to. */
  address: string;
  /** Position on m/44'/195'/0'/0/{index}; unique per member, never reused. */
  index: number;
};

/**
 * Gives a member their deposit address.
 *
 * Idempotent: a member keeps the first address they were given for good, since they may
 * already have sent funds to it; calling again (sign-up retried, the dashboard opened in two
 * tabs, two server instances) returns it unchanged. Safe under concurrency: the profile row
 * is locked while the index is chosen, the index comes from a sequence (atomic, never handed
 * out twice), and unique constraints on wallet_index and wallet_address back both up.
 *
 * `xpub` overrides the configured deposit key; tests use it to keep clear of DATA_DIR.
 */
export async function generateWallet(options: { db: DbOrTx; profileId: string; xpub?: string }): Promise<Wallet> {
  const { db, profileId } = options;

  // Most calls find the address already there: answer those without taking a lock.
  const [current] = await db
    .select({ address: profiles.walletAddress, index: profiles.walletIndex })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!current) throw new AppError("NOT_FOUND", "Profile not found.");
  const known = existingWallet(current);
  if (known) return known;

  // Resolved before the transaction: creating a development key touches the disk and must
  // not happen while a row lock is held.
  const xpub = options.xpub ?? getDepositXpub();

  return db.transaction(async (tx) => {
    // The lock makes concurrent callers for one member queue here; each one after the first
    // then sees the index the first one stored and returns it.
    const [row] = await tx
      .select({ address: profiles.walletAddress, index: profiles.walletIndex })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND", "Profile not found.");
    const stored = existingWallet(row);
    if (stored) return stored;

    // An index without an address (never written by this code, but cheap to honour) keeps its
    // index; otherwise take the next one. A rolled-back transaction leaves a gap in the
    // sequence, which is harmless: an unused index is an address nobody was shown.
    let index = row.index;
    if (index === null) {
      const next = await tx.execute<{ index: number | string }>(sql`select nextval('wallet_index_seq')::int as index`);
      index = Number(next.rows[0]!.index);
    }
    const address = deriveDepositAddress(xpub, index);
    await tx.update(profiles).set({ walletIndex: index, walletAddress: address }).where(eq(profiles.id, profileId));
    return { address, index };
  });
}

/** The stored wallet when the profile has one; throws on an address without its index. */
function existingWallet(row: { address: string | null; index: number | null }): Wallet | undefined {
  if (row.address === null) return undefined;
  // Address and index are always written together. An address alone cannot be checked against
  // the key, and replacing it could strand funds already sent to it: stop and let a human look.
  if (row.index === null) throw new Error("This profile has a wallet address but no wallet index; refusing to guess.");
  return { address: row.address, index: row.index };
}
