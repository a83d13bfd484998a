import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { profiles } from "#server/db/schema";
import { getLogger } from "#server/lib/logger";
import { DEFAULT_CURSOR, setCursor } from "#server/wallet/deposit-cursor";
import { startDepositWatcher } from "#server/wallet/start-deposit-watcher";
import { describeEachDatabase } from "../../helpers/database";
import { startFakeTronGrid, transferEvent, USDT_CONTRACT, type FakeTronGrid } from "../../helpers/fake-trongrid";
import { startLocalServer } from "../../helpers/local-server";
import { createMemberWithWallet, expectLedgerInvariant } from "../../helpers/members";

// The watcher reads the default cursor, set before each test to a time the events follow.
describeEachDatabase("the deposit watcher", (database) => {
  let fake: FakeTronGrid;
  let base: number;

  beforeEach(async () => {
    fake = await startFakeTronGrid();
    base = Date.now() - 5 * 60_000;
    await setCursor({ db: database().db, name: DEFAULT_CURSOR, value: base });
  });
  afterEach(async () => {
    await fake.close();
    await expectLedgerInvariant(database().db);
  });

  const tron = (fields: { apiUrl?: string; pollSeconds?: number; usdtContract?: string } = {}) => ({
    tron: {
      apiUrl: fake.url,
      apiKey: "secret-key",
      pollSeconds: 30,
      usdtContract: USDT_CONTRACT,
      minDeposit: 0n,
      ...fields,
    },
  });
  const member = () => createMemberWithWallet(database().db);

  it("doubles its wait on each TronGrid failure and returns to the poll interval after a success", async () => {
    const a = await member();
    const deposit = transferEvent({ to: a.walletAddress, value: 3_000_000n, blockTimestamp: base + 10_000 });
    fake.setEvents([deposit]);
    fake.failNext(1, 429);
    const info = vi.spyOn(getLogger(), "info");
    const warn = vi.spyOn(getLogger(), "warn");
    const controller = new AbortController();
    const waits: number[] = [];
    await startDepositWatcher({
      db: database().db,
      config: tron(),
      signal: controller.signal,
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length === 1) fake.failNext(1, 403);
        if (waits.length === 3) fake.failNext(1, 500);
        if (waits.length === 5) controller.abort();
      },
    });
    // 429, 403, success (the deposit), 500 (counted from one again), success (nothing new).
    expect(waits).toEqual([60_000, 120_000, 30_000, 60_000, 30_000]);
    expect(warn.mock.calls).toEqual([
      [
        { status: 429, err: "TronGrid answered 429 Too Many Requests", retryInMs: 60_000 },
        "deposit watcher: TronGrid unavailable; backing off",
      ],
      [
        { status: 403, err: "TronGrid answered 403 Forbidden", retryInMs: 120_000 },
        "deposit watcher: TronGrid unavailable; backing off",
      ],
      [
        { status: 500, err: "TronGrid answered 500 Internal Server Error", retryInMs: 60_000 },
        "deposit watcher: TronGrid unavailable; backing off",
      ],
    ]);
    // Only a poll that credited something is logged; the API key is never, only whether there is one.
    expect(info.mock.calls).toEqual([
      [{ host: new URL(fake.url).host, pollSeconds: 30, apiKey: true }, "deposit watcher started"],
      [expect.objectContaining({ userId: a.id, txId: deposit.transaction_id }), "deposit credited"],
      [{ credited: 1, seen: 1 }, "deposit watcher poll"],
    ]);
  });

  it("backs off the same way, up to 5 minutes, when a poll throws, and logs why", async () => {
    const error = vi.spyOn(getLogger(), "error");
    const controller = new AbortController();
    const waits: number[] = [];
    await startDepositWatcher({
      db: database().db,
      config: tron({ usdtContract: "nonsense" }),
      signal: controller.signal,
      sleep: async (ms) => {
        waits.push(ms);
        if (waits.length === 5) controller.abort();
      },
    });
    expect(waits).toEqual([60_000, 120_000, 240_000, 300_000, 300_000]);
    const failed = new Error("Not a TRON contract address: nonsense");
    expect(error.mock.calls).toEqual(
      waits.map((retryInMs) => [{ err: failed, retryInMs }, "deposit watcher poll failed"]),
    );
    expect(fake.requests).toEqual([]);
  });

  it("ends quietly when stopped in the middle of a request: no error logged, no back-off", async () => {
    const controller = new AbortController();
    // Stops the watcher once its request has arrived, and never answers it.
    const hanging = await startLocalServer(() => controller.abort());
    const error = vi.spyOn(getLogger(), "error");
    const warn = vi.spyOn(getLogger(), "warn");
    const waits: number[] = [];
    try {
      await startDepositWatcher({
        db: database().db,
        config: tron({ apiUrl: hanging.url }),
        signal: controller.signal,
        sleep: async (ms) => void waits.push(ms),
      });
    } finally {
      await hanging.close();
    }
    expect(waits).toEqual([]);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it("without TRON_API_URL says so and waits, untimed, for the stop", async () => {
    const info = vi.spyOn(getLogger(), "info");
    const waits: number[] = [];
    await startDepositWatcher({
      db: database().db,
      config: tron({ apiUrl: undefined }),
      signal: new AbortController().signal,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(waits).toEqual([Number.POSITIVE_INFINITY]);
    expect(info.mock.calls).toEqual([["deposit watcher off: TRON_API_URL is not set"]]);
    expect(fake.requests).toEqual([]);
  });

  // The watcher's own timer (no sleep injected).

  it("without TRON_API_URL stays pending until stopped, and returns at once when already stopped", async () => {
    const controller = new AbortController();
    let settled = false;
    const running = startDepositWatcher({
      db: database().db,
      config: tron({ apiUrl: undefined }),
      signal: controller.signal,
    }).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    controller.abort();
    await running;
    expect(settled).toBe(true);

    await startDepositWatcher({ db: database().db, config: tron({ apiUrl: undefined }), signal: controller.signal });
  });

  it("a stop during the hour-long wait between polls ends the watcher at once", async () => {
    const a = await member();
    fake.setEvents([transferEvent({ to: a.walletAddress, value: 2_000_000n, blockTimestamp: base + 10_000 })]);
    const controller = new AbortController();
    // Stops the watcher once the first poll is done and its wait has begun.
    vi.spyOn(getLogger(), "info").mockImplementation(((_: unknown, message?: string) => {
      if (message === "deposit watcher poll") setImmediate(() => controller.abort());
    }) as never);
    await startDepositWatcher({ db: database().db, config: tron({ pollSeconds: 3600 }), signal: controller.signal });
    expect(fake.requests).toHaveLength(1);
    const [profile] = await database()
      .db.select({ balance: profiles.balance })
      .from(profiles)
      .where(eq(profiles.id, a.id));
    expect(profile!.balance).toBe(2_000_000n);
  });
});
