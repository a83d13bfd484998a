import crypto from "node:crypto";
import { HDKey } from "@scure/bip32";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "#server/config";
import { billingHistory, chainDeposits, ledgerEntries, notifications, profiles } from "#server/db/schema";
import { creditDeposit } from "#server/wallet/credit-deposit";
import { getCursor } from "#server/wallet/deposit-cursor";
import { pollDeposits } from "#server/wallet/poll-deposits";
import { rescanDeposits } from "#server/wallet/rescan-deposits";
import { startDepositWatcher } from "#server/wallet/start-deposit-watcher";
import { fetchTransferEvents, normaliseEvent, TronGridError } from "#server/wallet/trongrid-client";
import { describeEachDatabase } from "../../helpers/database";
import {
  randomTronAddress,
  randomTxId,
  startFakeTronGrid,
  transferEvent,
  USDT_CONTRACT,
  type FakeTronGrid,
} from "../../helpers/fake-trongrid";
import { createMemberWithWallet, expectLedgerInvariant } from "../../helpers/members";

const USDT = 1_000_000n;

describeEachDatabase("USDT TRC-20 deposits", (database) => {
  let fake: FakeTronGrid;
  let cursorName: string;
  const t0 = Date.now() - 5 * 60_000;

  beforeEach(async () => {
    fake = await startFakeTronGrid();
    cursorName = `test-${crypto.randomUUID()}`;
  });
  afterEach(async () => {
    await fake.close();
    await expectLedgerInvariant(database().db);
  });

  const member = () => createMemberWithWallet(database().db);
  const balanceOf = async (id: string) =>
    (await database().db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, id)))[0]!.balance;
  const poll = (options: { pageLimit?: number; maxPages?: number } = {}) =>
    pollDeposits({
      db: database().db,
      apiUrl: fake.url,
      apiKey: "test-key",
      contract: USDT_CONTRACT,
      cursorName,
      sleep: async () => {},
      pageLimit: options.pageLimit ?? 2,
      maxPages: options.maxPages,
    });

  it("reads two pages with one request stream for all members and credits each deposit", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    fake.setEvents([
      transferEvent({ to: a.walletAddress, value: 10n * USDT, blockTimestamp: t0, format: "hex0x" }),
      transferEvent({ to: b.walletAddress, value: 2_500_000n, blockTimestamp: t0 + 3000, format: "hex41" }),
      transferEvent({ to: c.walletAddress, value: 1n, blockTimestamp: t0 + 6000, format: "base58" }),
    ]);
    const result = await poll();
    expect(result).toMatchObject({ credited: 3, seen: 3, pages: 2, complete: true });
    expect([await balanceOf(a.id), await balanceOf(b.id), await balanceOf(c.id)]).toEqual([10n * USDT, 2_500_000n, 1n]);

    // One stream: the same contract query for everyone, the fingerprint on the second page.
    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) {
      expect(request.path).toBe(`/v1/contracts/${USDT_CONTRACT}/events`);
      expect(request.headers["tron-pro-api-key"]).toBe("test-key");
      expect(request.query).toMatchObject({
        event_name: "Transfer",
        only_confirmed: "true",
        order_by: "block_timestamp,asc",
        limit: "2",
      });
      expect(request.query.min_block_timestamp).toBe(fake.requests[0]!.query.min_block_timestamp);
    }
    expect(fake.requests[0]!.query.fingerprint).toBeUndefined();
    expect(fake.requests[1]!.query.fingerprint).toBeTruthy();
    // The cursor started 10 minutes back and now sits 3 s (the overlap) behind the newest block read.
    expect(Number(fake.requests[0]!.query.min_block_timestamp)).toBeLessThanOrEqual(Date.now() - 10 * 60_000);
    expect(await getCursor({ db: database().db, name: cursorName })).toBe(t0 + 3000);
  });

  it("stops on a 429 with nothing credited and the cursor unchanged, then catches up", async () => {
    const a = await member();
    fake.setEvents(
      [1, 2, 3].map((i) => transferEvent({ to: a.walletAddress, value: BigInt(i) * USDT, blockTimestamp: t0 + i })),
    );
    await rescanDeposits({ db: database().db, from: new Date(t0 - 60_000), cursorName });
    fake.failNext(1, 429);
    const failed = await poll();
    expect(failed.error).toBeInstanceOf(TronGridError);
    expect(failed.error).toMatchObject({ status: 429, retryable: true });
    expect(failed).toMatchObject({ credited: 0, pages: 0, cursor: t0 - 60_000 });
    expect(await getCursor({ db: database().db, name: cursorName })).toBe(t0 - 60_000);
    expect(await balanceOf(a.id)).toBe(0n);

    const ok = await poll();
    expect(ok).toMatchObject({ credited: 3, pages: 2, complete: true });
    expect(ok.error).toBeUndefined();
    expect(await balanceOf(a.id)).toBe(6n * USDT);
  });

  it("keeps the cursor when a 503 interrupts a window mid-way; the re-read doubles nothing", async () => {
    const a = await member();
    fake.setEvents(
      [1, 2, 3, 4].map((i) => transferEvent({ to: a.walletAddress, value: USDT, blockTimestamp: t0 + i * 1000 })),
    );
    await rescanDeposits({ db: database().db, from: new Date(t0 - 60_000), cursorName });
    fake.failNext(1, 503, 1);
    const partial = await poll();
    expect(partial).toMatchObject({ credited: 2, pages: 1, complete: false, error: { status: 503, retryable: true } });
    expect(await getCursor({ db: database().db, name: cursorName })).toBe(t0 - 60_000);
    const rest = await poll();
    expect(rest).toMatchObject({ credited: 2, seen: 4, pages: 2 });
    expect(await balanceOf(a.id)).toBe(4n * USDT);
  });

  it("cut at maxPages: the cursor moves to what was read and the next poll goes on", async () => {
    const a = await member();
    fake.setEvents(
      [1, 2, 3, 4, 5].map((i) => transferEvent({ to: a.walletAddress, value: USDT, blockTimestamp: t0 + i * 10_000 })),
    );
    expect(await poll({ maxPages: 1 })).toMatchObject({ credited: 2, complete: false, cursor: t0 + 17_000 });
    expect(await poll({ maxPages: 5 })).toMatchObject({ credited: 3, complete: true, cursor: t0 + 47_000 });
    expect(await balanceOf(a.id)).toBe(5n * USDT);
  });

  it("still reads an event the indexer publishes late, with a block time up to 3 s before the newest one read", async () => {
    const a = await member();
    fake.setEvents([transferEvent({ to: a.walletAddress, value: USDT, blockTimestamp: t0 + 10_000 })]);
    expect(await poll()).toMatchObject({ credited: 1, cursor: t0 + 7_000 });
    // Published after that poll, but for a block 2 s older than the newest one read: the overlap
    // re-reads that window, so the deposit is credited rather than skipped for good.
    fake.addEvents(transferEvent({ to: a.walletAddress, value: 2n * USDT, blockTimestamp: t0 + 8_000 }));
    expect(await poll()).toMatchObject({ credited: 1, seen: 2 });
    expect(await balanceOf(a.id)).toBe(3n * USDT);
  });

  it("credits an event listed twice (across pages and across polls) once", async () => {
    const a = await member();
    const txId = randomTxId();
    const deposit = { to: a.walletAddress, value: 7n * USDT, blockTimestamp: t0 + 5000, txId, eventIndex: 3 };
    fake.setEvents([
      transferEvent({ to: a.walletAddress, value: USDT, blockTimestamp: t0 }),
      transferEvent(deposit),
      transferEvent({ ...deposit, format: "base58" }),
    ]);
    expect(await poll()).toMatchObject({ credited: 2, seen: 3, pages: 2 });
    // The overlap re-reads the newest block on the next poll: seen again, credited never.
    expect(await poll()).toMatchObject({ credited: 0, seen: 2 });
    expect(await balanceOf(a.id)).toBe(8n * USDT);
    const rows = await database().db.select().from(chainDeposits).where(eq(chainDeposits.txId, txId));
    expect(rows).toHaveLength(1);
  });

  it("ignores transfers to foreign addresses, of other tokens, and of zero value", async () => {
    const a = await member();
    const otherToken = "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8"; // USDC on TRON
    const ignored = [
      transferEvent({ to: randomTronAddress(), value: 50n * USDT, blockTimestamp: t0 }),
      transferEvent({ to: a.walletAddress, value: 50n * USDT, blockTimestamp: t0 + 1, contract: otherToken }),
      transferEvent({ to: a.walletAddress, value: 0n, blockTimestamp: t0 + 2 }),
    ];
    fake.setEvents(ignored);
    expect(await poll({ pageLimit: 10 })).toMatchObject({ credited: 0, seen: 3, pages: 1 });
    expect(await balanceOf(a.id)).toBe(0n);
    const txIds = ignored.map((e) => e.transaction_id);
    expect(await database().db.select().from(chainDeposits).where(inArray(chainDeposits.txId, txIds))).toEqual([]);
  });

  it("credits a deposit replayed 100 times once, in sequence and concurrently", async () => {
    const db = database().db;
    const a = await member();
    const event = normaliseEvent(transferEvent({ to: a.walletAddress, value: 12_500_000n, blockTimestamp: t0 }))!;
    const sequential = [];
    for (let i = 0; i < 100; i++) sequential.push(await creditDeposit({ db, event, userId: a.id }));
    expect(sequential.filter((r) => r.credited)).toHaveLength(1);
    expect(await balanceOf(a.id)).toBe(12_500_000n);

    const second = normaliseEvent(transferEvent({ to: a.walletAddress, value: USDT, blockTimestamp: t0 }))!;
    const concurrent = await Promise.all(
      Array.from({ length: 100 }, () => creditDeposit({ db, event: second, userId: a.id })),
    );
    expect(concurrent.filter((r) => r.credited)).toHaveLength(1);
    expect(await balanceOf(a.id)).toBe(13_500_000n);
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, a.id));
    expect(ledger.map((l) => l.reference).sort()).toEqual([`tron:${event.txId}:0`, `tron:${second.txId}:0`].sort());
  });

  it("writes the billing row and the notification with the deposit", async () => {
    const db = database().db;
    const a = await member();
    const txId = randomTxId();
    fake.setEvents([
      transferEvent({ to: a.walletAddress, value: 12_500_000n, blockTimestamp: t0, txId, eventIndex: 2 }),
    ]);
    expect(await poll()).toMatchObject({ credited: 1 });
    const [bill] = await db.select().from(billingHistory).where(eq(billingHistory.userId, a.id));
    expect(bill).toMatchObject({
      invoiceId: `DEP-${txId.slice(0, 10).toUpperCase()}-2`,
      totalAmount: 12_500_000n,
      paymentType: "USDT TRC-20",
      status: "paid",
      description: "Deposit",
      txHash: txId,
    });
    expect(bill!.issueDate.getTime()).toBe(t0);
    const [note] = await db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(note).toMatchObject({ kind: "deposit_credited", payload: { amount: "$12.50", balance: "$12.50", txId } });
    const [deposit] = await db.select().from(chainDeposits).where(eq(chainDeposits.txId, txId));
    expect(deposit).toMatchObject({ eventIndex: 2, userId: a.id, toAddress: a.walletAddress, amount: 12_500_000n });
    const [entry] = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `tron:${txId}:2`));
    expect(entry).toMatchObject({ kind: "deposit", amount: 12_500_000n });
    expect(entry!.memo).toContain(txId);
  });

  it("skips events the API marks unconfirmed and credits them once a later poll sees them confirmed", async () => {
    const a = await member();
    const confirmed = transferEvent({ to: a.walletAddress, value: 2n * USDT, blockTimestamp: t0 });
    const pending = transferEvent({ to: a.walletAddress, value: 5n * USDT, blockTimestamp: t0 + 20_000 });
    const later = transferEvent({ to: a.walletAddress, value: 1n * USDT, blockTimestamp: t0 + 40_000 });
    // The fake serves whatever it holds, as a node ignoring only_confirmed=true would.
    fake.setEvents([confirmed, Object.assign({ ...pending }, { _unconfirmed: true }), later]);
    expect(await poll({ pageLimit: 10 })).toMatchObject({ credited: 2, seen: 2, unconfirmed: 1 });
    expect(await balanceOf(a.id)).toBe(3n * USDT);
    expect(
      await database().db.select().from(chainDeposits).where(eq(chainDeposits.txId, pending.transaction_id)),
    ).toEqual([]);
    // The cursor stops at the unconfirmed event (inclusive), not past the newest one read.
    expect(await getCursor({ db: database().db, name: cursorName })).toBe(t0 + 20_000);

    fake.setEvents([confirmed, pending, later]);
    expect(await poll({ pageLimit: 10 })).toMatchObject({ credited: 1, unconfirmed: 0 });
    expect(await balanceOf(a.id)).toBe(8n * USDT);
  });

  it("credits a deposit below the dust threshold without notifying; at the threshold it notifies", async () => {
    const db = database().db;
    const a = await member();
    const dust = transferEvent({ to: a.walletAddress, value: 999_999n, blockTimestamp: t0 });
    const exact = transferEvent({ to: a.walletAddress, value: 1_000_000n, blockTimestamp: t0 + 1000 });
    fake.setEvents([dust, exact]);
    const result = await pollDeposits({
      db,
      apiUrl: fake.url,
      contract: USDT_CONTRACT,
      cursorName,
      sleep: async () => {},
      minDeposit: 1_000_000n,
    });
    expect(result).toMatchObject({ credited: 2 });
    expect(await balanceOf(a.id)).toBe(1_999_999n);
    expect(await db.select().from(billingHistory).where(eq(billingHistory.userId, a.id))).toHaveLength(2);
    const notes = await db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(notes.map((n) => n.payload.txId)).toEqual([exact.transaction_id]);
  });

  it("rescans from a past time: everything is read again, nothing credited twice", async () => {
    const db = database().db;
    const a = await member();
    fake.setEvents(
      [0, 10_000, 20_000].map((d) => transferEvent({ to: a.walletAddress, value: USDT, blockTimestamp: t0 + d })),
    );
    expect(await poll()).toMatchObject({ credited: 3 });
    const before = await getCursor({ db, name: cursorName });
    await rescanDeposits({ db, from: new Date(t0 - 1000), cursorName });
    expect(await getCursor({ db, name: cursorName })).toBe(t0 - 1000);
    expect(await poll()).toMatchObject({ credited: 0, seen: 3, pages: 2 });
    expect(await getCursor({ db, name: cursorName })).toBe(before);
    expect(await balanceOf(a.id)).toBe(3n * USDT);
    await expect(rescanDeposits({ db, from: new Date(Date.now() + 60_000), cursorName })).rejects.toMatchObject({
      name: "AppError",
      code: "VALIDATION",
      message: "from must not be in the future.",
    });
  });

  it("the watcher backs off on 429/403 and returns to its pace after a success", async () => {
    const db = database().db;
    const a = await member();
    fake.setEvents([transferEvent({ to: a.walletAddress, value: 3n * USDT, blockTimestamp: t0 })]);
    fake.failNext(2, 429);
    const controller = new AbortController();
    const waits: number[] = [];
    const config = {
      tron: { apiUrl: fake.url, apiKey: "k", pollSeconds: 1, usdtContract: USDT_CONTRACT, minDeposit: 0n },
    };
    await startDepositWatcher({
      db,
      config,
      signal: controller.signal,
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length === 2) fake.failNext(1, 403);
        if (waits.length === 5) controller.abort();
      },
    });
    expect(waits).toEqual([2000, 4000, 8000, 1000, 1000]);
    expect(await balanceOf(a.id)).toBe(3n * USDT);
  });

  it("the watcher without TRON_API_URL does nothing until stopped", async () => {
    const controller = new AbortController();
    const config = {
      tron: { apiUrl: undefined, apiKey: undefined, pollSeconds: 1, usdtContract: USDT_CONTRACT, minDeposit: 0n },
    };
    const running = startDepositWatcher({ db: database().db, config, signal: controller.signal });
    controller.abort();
    await running;
    expect(fake.requests).toEqual([]);
  });

  it("the watcher takes the dust threshold from MIN_DEPOSIT_USDT (decimal USDT)", async () => {
    const db = database().db;
    const a = await member();
    const run = async (minDepositUsdt: string, event: ReturnType<typeof transferEvent>) => {
      fake.setEvents([event]);
      const controller = new AbortController();
      const config = parseConfig({ TRON_API_URL: fake.url, MIN_DEPOSIT_USDT: minDepositUsdt });
      await startDepositWatcher({ db, config, signal: controller.signal, sleep: async () => controller.abort() });
    };
    const silent = transferEvent({ to: a.walletAddress, value: 2_500_000n, blockTimestamp: Date.now() - 60_000 });
    await run("2.500001", silent);
    expect(await balanceOf(a.id)).toBe(2_500_000n);
    expect(await db.select().from(notifications).where(eq(notifications.userId, a.id))).toEqual([]);

    const announced = transferEvent({ to: a.walletAddress, value: 2_500_000n, blockTimestamp: Date.now() - 30_000 });
    await run("2.5", announced);
    expect(await balanceOf(a.id)).toBe(5_000_000n);
    const notes = await db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(notes.map((n) => n.payload.txId)).toEqual([announced.transaction_id]);
  });
});

describe("TronGrid client", () => {
  it("types failures: 403/429/5xx and network errors retryable, 404 not", async () => {
    const fake = await startFakeTronGrid();
    const call = (apiUrl = fake.url) =>
      fetchTransferEvents({ apiUrl, contract: USDT_CONTRACT, minBlockTimestamp: 0 }).catch(
        (e: unknown) => e as TronGridError,
      );
    fake.failNext(1, 403);
    expect(await call()).toMatchObject({ status: 403, retryable: true });
    fake.failNext(1, 500);
    expect(await call()).toMatchObject({ status: 500, retryable: true });
    expect(await call(`${fake.url}/nowhere`)).toMatchObject({ status: 404, retryable: false });
    expect(fake.requests.every((r) => r.headers["tron-pro-api-key"] === undefined)).toBe(true);
    await fake.close();
    const unreachable = await call();
    expect(unreachable).toBeInstanceOf(TronGridError);
    expect(unreachable).toMatchObject({ status: undefined, retryable: true });
  });

  it("normalises addresses from any spelling and amounts to bigint", () => {
    const to = randomTronAddress();
    for (const format of ["hex0x", "hex41", "base58"] as const) {
      const event = normaliseEvent(
        transferEvent({ to, value: "123456789012345678901", blockTimestamp: 1_700_000_000_000, format }),
      );
      expect(event).toMatchObject({
        to,
        contract: USDT_CONTRACT,
        amount: 123456789012345678901n,
        blockTimestamp: 1_700_000_000_000,
      });
    }
    expect(
      normaliseEvent({
        ...transferEvent({ to, value: 1n, blockTimestamp: 1 }),
        result: { to: "nonsense", from: to, value: "1" },
      }),
    ).toBeNull();
  });
});

describe("deposit configuration", () => {
  // Everything else production asks for, so only TRON_API_URL decides.
  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://signals.example.com",
    TRON_XPUB: HDKey.fromMasterSeed(crypto.randomBytes(32)).derive("m/44'/195'/0'").publicExtendedKey,
  };

  it("refuses a plain-http TRON_API_URL in production with one line", () => {
    let caught: unknown;
    try {
      parseConfig({ ...production, TRON_API_URL: "http://api.trongrid.io/" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toBe(
      'Invalid configuration: TRON_API_URL must use https:// in production (got "http://api.trongrid.io")',
    );
  });

  it("accepts https in production and http in development and tests (the local fake TronGrid)", () => {
    expect(parseConfig({ ...production, TRON_API_URL: "https://api.trongrid.io" }).tron.apiUrl).toBe(
      "https://api.trongrid.io",
    );
    // A loopback address never leaves the machine (the browser tests' stand-in); any other host must be https.
    expect(parseConfig({ ...production, TRON_API_URL: "http://127.0.0.1:9090" }).tron.apiUrl).toBe(
      "http://127.0.0.1:9090",
    );
    expect(() => parseConfig({ ...production, TRON_API_URL: "http://10.0.0.5:9090" })).toThrow(
      'TRON_API_URL must use https:// in production (got "http://10.0.0.5:9090")',
    );
    expect(parseConfig({ NODE_ENV: "development", TRON_API_URL: "http://127.0.0.1:9090" }).tron.apiUrl).toBe(
      "http://127.0.0.1:9090",
    );
    expect(parseConfig({ NODE_ENV: "test", TRON_API_URL: "http://127.0.0.1:9090" }).tron.apiUrl).toBe(
      "http://127.0.0.1:9090",
    );
  });

  it("reads MIN_DEPOSIT_USDT as decimal USDT, 1 by default", () => {
    expect(parseConfig({}).tron.minDeposit).toBe(1_000_000n);
    expect(parseConfig({ MIN_DEPOSIT_USDT: "0.25" }).tron.minDeposit).toBe(250_000n);
    expect(parseConfig({ MIN_DEPOSIT_USDT: "0" }).tron.minDeposit).toBe(0n);
    expect(() => parseConfig({ MIN_DEPOSIT_USDT: "-1" })).toThrow(
      /^Invalid configuration: MIN_DEPOSIT_USDT must be a USDT amount such as 1 or 0.5 \(at most 6 decimals\) \(got "-1"\)$/,
    );
  });
});
