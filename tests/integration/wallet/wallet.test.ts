import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { HDKey } from "@scure/bip32";
import { eq, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import type { Db } from "#server/db/client";
import { profiles } from "#server/db/schema";
import { AppError } from "#server/lib/errors";
import { deriveDepositAddress } from "#server/wallet/derive-deposit-address";
import { generateWallet } from "#server/wallet/generate-wallet";
import { isTronAddress } from "#server/wallet/tron-address";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

// The account xpub of the unit tests' vector mnemonic, passed explicitly so these tests never
// read or create a development key in DATA_DIR. BIP39 seed = PBKDF2-HMAC-SHA512(mnemonic,
// "mnemonic", 2048 iterations, 64 bytes).
const MNEMONIC = "cook voyage document eight skate token alien guide drink uncle term abuse";
const xpub = HDKey.fromMasterSeed(
  pbkdf2(sha512, MNEMONIC.normalize("NFKD"), "mnemonic", { c: 2048, dkLen: 64 }),
).derive("m/44'/195'/0'").publicExtendedKey;

async function storedWallet(db: Db, profileId: string) {
  const [row] = await db
    .select({ address: profiles.walletAddress, index: profiles.walletIndex })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row;
}

/** Runs `meanwhile` (what another server instance does) just before generateWallet opens its transaction. */
function beforeTransaction(db: Db, meanwhile: () => Promise<unknown>) {
  const transaction = db.transaction.bind(db);
  return vi.spyOn(db, "transaction").mockImplementation((async (run, config) => {
    await meanwhile();
    return transaction(run, config);
  }) as typeof db.transaction);
}

/** The last index the sequence handed out (-1 before the first). */
async function lastSequenceValue(db: Db) {
  const result = await db.execute<{ last: string }>(
    sql`select (case when is_called then last_value else last_value - 1 end)::text as last from wallet_index_seq`,
  );
  return Number(result.rows[0]!.last);
}

describeEachDatabase("generateWallet", (database) => {
  it("gives a member a valid TRON address derived from the xpub and stores it", async () => {
    const db = database().db;
    const member = await createMember(db);
    const wallet = await generateWallet({ db, profileId: member.id, xpub });
    expect(isTronAddress(wallet.address)).toBe(true);
    expect(Number.isInteger(wallet.index) && wallet.index >= 0).toBe(true);
    expect(wallet.address).toBe(deriveDepositAddress(xpub, wallet.index));
    expect(await storedWallet(db, member.id)).toEqual(wallet);
  });

  it("returns the same address on a second call without using another index", async () => {
    const db = database().db;
    const member = await createMember(db);
    const first = await generateWallet({ db, profileId: member.id, xpub });
    const last = await lastSequenceValue(db);
    expect(await generateWallet({ db, profileId: member.id, xpub })).toEqual(first);
    expect(await lastSequenceValue(db)).toBe(last);
  });

  it("answers a member who has an address without opening a transaction (no row lock)", async () => {
    const db = database().db;
    const member = await createMember(db);
    const first = await generateWallet({ db, profileId: member.id, xpub });
    const transaction = vi.spyOn(db, "transaction");
    expect(await generateWallet({ db, profileId: member.id, xpub })).toEqual(first);
    expect(transaction).not.toHaveBeenCalled();
  });

  it("returns the address another instance stored after the first look, even from another key, without taking an index", async () => {
    const db = database().db;
    const member = await createMember(db);
    const before = await lastSequenceValue(db);
    const index = before + 500;
    const otherXpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(2)).derive("m/44'/195'/0'").publicExtendedKey;
    const theirs = { index, address: deriveDepositAddress(otherXpub, index) };
    beforeTransaction(db, () =>
      db
        .update(profiles)
        .set({ walletIndex: theirs.index, walletAddress: theirs.address })
        .where(eq(profiles.id, member.id)),
    );
    expect(await generateWallet({ db, profileId: member.id, xpub })).toEqual(theirs);
    expect(await storedWallet(db, member.id)).toEqual(theirs);
    expect(await lastSequenceValue(db)).toBe(before);
  });

  it("refuses with NOT_FOUND a profile deleted after the first look", async () => {
    const db = database().db;
    const member = await createMember(db);
    beforeTransaction(db, () => db.delete(profiles).where(eq(profiles.id, member.id)));
    const error = await generateWallet({ db, profileId: member.id, xpub }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "NOT_FOUND", message: "Profile not found." });
  });

  it("keeps an existing address even when the configured key has changed", async () => {
    const db = database().db;
    const member = await createMember(db);
    const first = await generateWallet({ db, profileId: member.id, xpub });
    const otherXpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(1)).derive("m/44'/195'/0'").publicExtendedKey;
    expect(await generateWallet({ db, profileId: member.id, xpub: otherXpub })).toEqual(first);
  });

  it("gives one address to 20 concurrent calls for one member", async () => {
    const db = database().db;
    const member = await createMember(db);
    const before = await lastSequenceValue(db);
    const wallets = await Promise.all(
      Array.from({ length: 20 }, () => generateWallet({ db, profileId: member.id, xpub })),
    );
    expect(new Set(wallets.map((w) => w.address)).size).toBe(1);
    expect(new Set(wallets.map((w) => w.index)).size).toBe(1);
    expect(await storedWallet(db, member.id)).toEqual(wallets[0]);
    // The row lock means only the first caller takes an index; the others reuse it.
    expect(await lastSequenceValue(db)).toBe(before + 1);
  });

  it("gives 10 members called at once 10 distinct indexes and addresses", async () => {
    const db = database().db;
    const members = await Promise.all(Array.from({ length: 10 }, () => createMember(db)));
    const wallets = await Promise.all(members.map((m) => generateWallet({ db, profileId: m.id, xpub })));
    expect(new Set(wallets.map((w) => w.index)).size).toBe(10);
    expect(new Set(wallets.map((w) => w.address)).size).toBe(10);
    for (const [i, member] of members.entries()) {
      expect(wallets[i]!.address).toBe(deriveDepositAddress(xpub, wallets[i]!.index));
      expect(await storedWallet(db, member.id)).toEqual(wallets[i]);
    }
  });

  it("refuses an unknown profile with NOT_FOUND", async () => {
    const error = await generateWallet({ db: database().db, profileId: "no-such-profile", xpub }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("NOT_FOUND");
    expect((error as AppError).message).toBe("Profile not found.");
  });

  it("stores nothing when the caller's transaction rolls back", async () => {
    const db = database().db;
    const member = await createMember(db);
    const rollback = new Error("rollback");
    await expect(
      db.transaction(async (tx) => {
        await generateWallet({ db: tx, profileId: member.id, xpub });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await storedWallet(db, member.id)).toEqual({ address: null, index: null });
    const wallet = await generateWallet({ db, profileId: member.id, xpub });
    expect(await storedWallet(db, member.id)).toEqual(wallet);
  });

  it("fills in the address of a profile that has an index but no address", async () => {
    const db = database().db;
    const member = await createMember(db);
    const index = (await lastSequenceValue(db)) + 1000;
    await db.update(profiles).set({ walletIndex: index }).where(eq(profiles.id, member.id));
    expect(await generateWallet({ db, profileId: member.id, xpub })).toEqual({
      index,
      address: deriveDepositAddress(xpub, index),
    });
  });

  it("refuses to replace an address that has no index", async () => {
    const db = database().db;
    const member = await createMember(db);
    const address = deriveDepositAddress(xpub, 999_999);
    await db.update(profiles).set({ walletAddress: address }).where(eq(profiles.id, member.id));
    await expect(generateWallet({ db, profileId: member.id, xpub })).rejects.toThrow(/no wallet index/);
    expect(await storedWallet(db, member.id)).toEqual({ address, index: null });
  });
});
