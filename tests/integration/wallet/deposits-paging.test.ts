import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { chainDeposits, profiles } from "#server/db/schema";
import { getLogger } from "#server/lib/logger";
import { getCursor, setCursor } from "#server/wallet/deposit-cursor";
import { pollDeposits } from "#server/wallet/poll-deposits";
import { describeEachDatabase } from "../../helpers/database";
import {
  randomTronAddress,
  startFakeTronGrid,
  transferEvent,
  USDT_CONTRACT,
  type FakeTronGrid,
} from "../../helpers/fake-trongrid";
import { startLocalServer } from "../../helpers/local-server";
import { createMemberWithWallet, expectLedgerInvariant } from "../../helpers/members";

const T = 1_700_000_000_000;

describeEachDatabase("paging through the Transfer stream", (database) => {
  let fake: FakeTronGrid;
  let cursorName: string;

  beforeEach(async () => {
    fake = await startFakeTronGrid();
    cursorName = `test-${crypto.randomUUID()}`;
    await setCursor({ db: database().db, name: cursorName, value: T - 60_000 });
  });
  afterEach(async () => {
    await fake.close();
    await expectLedgerInvariant(database().db);
  });

  const poll = (options: Partial<Parameters<typeof pollDeposits>[0]> = {}) =>
    pollDeposits({
      db: database().db,
      apiUrl: fake.url,
      contract: USDT_CONTRACT,
      cursorName,
      sleep: async () => {},
      pageLimit: 2,
      ...options,
    });
  const event = (blockTimestamp: number, to = randomTronAddress(), value = 1_000_000n) =>
    transferEvent({ to, value, blockTimestamp });
  const member = () => createMemberWithWallet(database().db);

  it("pauses between pages, never before the first: 250 ms unless pageDelayMs says otherwise", async () => {
    fake.setEvents([1, 2, 3, 4, 5].map((i) => event(T - 50_000 + i)));
    const pauses: number[] = [];
    const sleep = async (ms: number) => void pauses.push(ms);
    expect(await poll({ sleep })).toMatchObject({ seen: 5, pages: 3, complete: true });
    expect(pauses).toEqual([250, 250]);

    await setCursor({ db: database().db, name: cursorName, value: T - 60_000 });
    pauses.length = 0;
    expect(await poll({ sleep, pageDelayMs: 40 })).toMatchObject({ seen: 5, pages: 3, complete: true });
    expect(pauses).toEqual([40, 40]);
  });

  it("pauses with its own timer when no sleep is injected", async () => {
    fake.setEvents([1, 2, 3].map((i) => event(T - 50_000 + i)));
    expect(await poll({ sleep: undefined, pageDelayMs: 0 })).toMatchObject({ seen: 3, pages: 2, complete: true });
  });

  it("stops when the API hands back the fingerprint it was given instead of looping to maxPages", async () => {
    const queries: (string | null)[] = [];
    const stuck = await startLocalServer((req, res) => {
      queries.push(new URL(req.url!, "http://127.0.0.1").searchParams.get("fingerprint"));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ success: true, data: [], meta: { fingerprint: "same" } }));
    });
    try {
      expect(await poll({ apiUrl: stuck.url, maxPages: 5 })).toMatchObject({ pages: 2, complete: true });
      expect(queries).toEqual([null, "same"]);
    } finally {
      await stuck.close();
    }
  });

  it("refuses a contract that is not a TRON address before any request", async () => {
    await expect(poll({ contract: "nonsense" })).rejects.toThrow(/^Not a TRON contract address: nonsense$/);
    expect(fake.requests).toEqual([]);
  });

  it("throws a failure that retrying cannot cure (404) instead of returning it for a back-off", async () => {
    await expect(poll({ apiUrl: `${fake.url}/nowhere` })).rejects.toMatchObject({
      name: "TronGridError",
      status: 404,
      retryable: false,
    });
    expect(await getCursor({ db: database().db, name: cursorName })).toBe(T - 60_000);
  });

  it("warns when a poll cut at maxPages could not move the cursor, and not when the window was read to its end", async () => {
    const warn = vi.spyOn(getLogger(), "warn");
    // All within 3000 ms of the cursor: however far the poll reads, the cursor cannot move.
    fake.setEvents([event(T - 59_000), event(T - 58_000), event(T - 57_000)]);
    expect(await poll({ pageLimit: 1, maxPages: 2 })).toMatchObject({ pages: 2, complete: false, cursor: T - 60_000 });
    expect(warn.mock.calls).toEqual([
      [{ cursor: T - 60_000, pages: 2 }, "deposit watcher: a full poll did not move the cursor; raise maxPages"],
    ]);
    warn.mockClear();
    expect(await poll({ pageLimit: 1, maxPages: 5 })).toMatchObject({ pages: 3, complete: true, cursor: T - 60_000 });
    expect(warn).not.toHaveBeenCalled();
  });

  it("leaves the cursor to a rescan made while it ran, cut at maxPages or not, without a warning", async () => {
    const db = database().db;
    const warn = vi.spyOn(getLogger(), "warn");
    fake.setEvents([event(T - 50_000), event(T - 40_000), event(T - 30_000)]);
    // The rescan lands between the poll's pages.
    const rescanTo = (at: number) => async () => setCursor({ db, name: cursorName, value: at });
    expect(await poll({ pageLimit: 1, maxPages: 2, sleep: rescanTo(T - 100_000) })).toMatchObject({
      pages: 2,
      complete: false,
      cursor: T - 60_000,
    });
    expect(await getCursor({ db, name: cursorName })).toBe(T - 100_000);
    expect(await poll({ pageLimit: 2, sleep: rescanTo(T - 200_000) })).toMatchObject({
      pages: 2,
      complete: true,
      cursor: T - 100_000,
    });
    expect(await getCursor({ db, name: cursorName })).toBe(T - 200_000);
    expect(warn).not.toHaveBeenCalled();
  });

  it("two pollers reading the same window at once credit each deposit once", async () => {
    const db = database().db;
    const a = await member();
    fake.setEvents(
      [1, 2, 3, 4, 5, 6].map((i) => event(T - 50_000 + i * 1000, a.walletAddress, BigInt(i) * 1_000_000n)),
    );
    const [first, second] = await Promise.all([poll(), poll()]);
    expect(first!.credited + second!.credited).toBe(6);
    expect([first!.seen, second!.seen]).toEqual([6, 6]);
    const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, a.id));
    expect(profile!.balance).toBe(21_000_000n);
    expect(await db.select().from(chainDeposits).where(eq(chainDeposits.userId, a.id))).toHaveLength(6);
    expect(await getCursor({ db, name: cursorName })).toBe(T - 47_000);
  });

  it("logs each credit with the member, the transfer and whether the member was notified", async () => {
    const info = vi.spyOn(getLogger(), "info");
    const a = await member();
    const deposit = transferEvent({
      to: a.walletAddress,
      value: 1_500_000n,
      blockTimestamp: T - 50_000,
      eventIndex: 2,
    });
    const dust = transferEvent({ to: a.walletAddress, value: 999_999n, blockTimestamp: T - 49_000 });
    fake.setEvents([deposit, dust]);
    expect(await poll({ minDeposit: 1_000_000n })).toMatchObject({ credited: 2 });
    expect(info.mock.calls).toEqual([
      [
        { userId: a.id, txId: deposit.transaction_id, eventIndex: 2, amount: "1500000", notified: true },
        "deposit credited",
      ],
      [
        { userId: a.id, txId: dust.transaction_id, eventIndex: 0, amount: "999999", notified: false },
        "deposit credited",
      ],
    ]);
  });
});
