import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { postLedgerEntry } from "#server/billing/ledger";
import { billingHistory, chainDeposits, ledgerEntries, notifications, profiles } from "#server/db/schema";
import { creditDeposit } from "#server/wallet/credit-deposit";
import type { TransferEvent } from "#server/wallet/trongrid-client";
import { describeEachDatabase } from "../../helpers/database";
import { randomTronAddress, randomTxId, USDT_CONTRACT } from "../../helpers/fake-trongrid";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

// creditDeposit called directly: what one chain event writes, and what a replay or an odd
// event must not write.
describeEachDatabase("crediting one USDT deposit", (database) => {
  afterEach(async () => {
    await expectLedgerInvariant(database().db);
  });

  const deposit = (fields: Partial<TransferEvent> = {}): TransferEvent => ({
    txId: randomTxId(),
    eventIndex: 0,
    blockNumber: 566_666_666,
    blockTimestamp: 1_700_000_000_000,
    contract: USDT_CONTRACT,
    from: randomTronAddress(),
    to: randomTronAddress(),
    amount: 4_000_000n,
    ...fields,
  });

  async function written(userId: string, txId: string) {
    const db = database().db;
    const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
    return {
      balance: profile!.balance,
      deposits: await db
        .select({ amount: chainDeposits.amount })
        .from(chainDeposits)
        .where(eq(chainDeposits.txId, txId)),
      ledger: await db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId)),
      bills: await db
        .select({ invoiceId: billingHistory.invoiceId })
        .from(billingHistory)
        .where(eq(billingHistory.userId, userId)),
      notes: await db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, userId)),
    };
  }

  it("credits once and answers a replay with credited: false, writing nothing more", async () => {
    const db = database().db;
    const { id } = await createMember(db);
    const event = deposit();
    expect(await creditDeposit({ db, event, userId: id })).toMatchObject({
      credited: true,
      completion: { status: "none" },
    });
    expect(await creditDeposit({ db, event, userId: id })).toEqual({ credited: false });
    expect(await written(id, event.txId)).toEqual({
      balance: 4_000_000n,
      deposits: [{ amount: 4_000_000n }],
      ledger: [{ amount: 4_000_000n }],
      bills: [{ invoiceId: `DEP-${event.txId.slice(0, 10).toUpperCase()}-0` }],
      notes: [{ kind: "deposit_credited" }],
    });
  });

  it("ignores a zero-value transfer: credited: false and no row anywhere", async () => {
    const db = database().db;
    const { id } = await createMember(db);
    const event = deposit({ amount: 0n });
    expect(await creditDeposit({ db, event, userId: id })).toEqual({ credited: false });
    expect(await written(id, event.txId)).toEqual({ balance: 0n, deposits: [], ledger: [], bills: [], notes: [] });
  });

  it("credits the smallest positive amount, 1 micro-USDT", async () => {
    const db = database().db;
    const { id } = await createMember(db);
    const event = deposit({ amount: 1n });
    expect(await creditDeposit({ db, event, userId: id })).toMatchObject({
      credited: true,
      completion: { status: "none" },
    });
    expect((await written(id, event.txId)).balance).toBe(1n);
  });

  it("notifies the member unless told not to", async () => {
    const db = database().db;
    const { id } = await createMember(db);
    const announced = deposit();
    await creditDeposit({ db, event: announced, userId: id });
    await creditDeposit({ db, event: deposit({ amount: 500_000n }), userId: id, notify: false });
    const notes = await db.select().from(notifications).where(eq(notifications.userId, id));
    expect(notes.map((n) => [n.kind, n.payload])).toEqual([
      ["deposit_credited", { amount: "$4.00", balance: "$4.00", txId: announced.txId }],
    ]);
    expect((await written(id, announced.txId)).balance).toBe(4_500_000n);
  });

  it("gives a second transaction whose id starts with the same 10 hex digits the full id as invoice", async () => {
    const db = database().db;
    const { id } = await createMember(db);
    // Same first 10 digits, same event index: the short invoice id of both would be DEP-ABCDEF0123-1.
    const first = deposit({ txId: `abcdef0123${"1".repeat(54)}`, eventIndex: 1 });
    const second = deposit({ txId: `abcdef0123${"2".repeat(54)}`, eventIndex: 1, amount: 6_000_000n });
    expect(await creditDeposit({ db, event: first, userId: id })).toMatchObject({
      credited: true,
      completion: { status: "none" },
    });
    expect(await creditDeposit({ db, event: second, userId: id })).toMatchObject({
      credited: true,
      completion: { status: "none" },
    });
    const bills = await db
      .select({
        invoiceId: billingHistory.invoiceId,
        totalAmount: billingHistory.totalAmount,
        txHash: billingHistory.txHash,
        status: billingHistory.status,
      })
      .from(billingHistory)
      .where(eq(billingHistory.userId, id));
    expect(bills.sort((a, b) => a.invoiceId.length - b.invoiceId.length)).toEqual([
      { invoiceId: "DEP-ABCDEF0123-1", totalAmount: 4_000_000n, txHash: first.txId, status: "paid" },
      { invoiceId: `DEP-ABCDEF0123${"2".repeat(54)}-1`, totalAmount: 6_000_000n, txHash: second.txId, status: "paid" },
    ]);
    expect((await written(id, second.txId)).balance).toBe(10_000_000n);
  });

  it("adds nothing when the ledger already holds the transfer's reference (credited by hand)", async () => {
    const db = database().db;
    const { id } = await createMember(db);
    const event = deposit({ eventIndex: 4 });
    await postLedgerEntry({
      tx: db,
      userId: id,
      kind: "deposit",
      amount: 4_000_000n,
      reference: `tron:${event.txId}:4`,
    });
    expect(await creditDeposit({ db, event, userId: id })).toEqual({ credited: false });
    // The claim stays, so later polls skip the event; no second billing row or email for money already there.
    expect(await written(id, event.txId)).toEqual({
      balance: 4_000_000n,
      deposits: [{ amount: 4_000_000n }],
      ledger: [{ amount: 4_000_000n }],
      bills: [],
      notes: [],
    });
    expect(await creditDeposit({ db, event, userId: id })).toEqual({ credited: false });
  });
});
