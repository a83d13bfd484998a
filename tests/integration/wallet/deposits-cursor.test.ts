import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { chainCursors } from "#server/db/schema";
import { advanceCursor, getCursor, readOrCreateCursor, setCursor } from "#server/wallet/deposit-cursor";
import { pollDeposits } from "#server/wallet/poll-deposits";
import { rescanDeposits } from "#server/wallet/rescan-deposits";
import { describeEachDatabase } from "../../helpers/database";
import {
  randomTronAddress,
  startFakeTronGrid,
  transferEvent,
  USDT_CONTRACT,
  type FakeTronGrid,
} from "../../helpers/fake-trongrid";

// Block times are literals around 14 November 2023 so that every expected cursor is written out.
const T = 1_700_000_000_000;

describeEachDatabase("the deposit cursor", (database) => {
  let fake: FakeTronGrid;
  let cursorName: string;

  beforeEach(async () => {
    fake = await startFakeTronGrid();
    cursorName = `test-${crypto.randomUUID()}`;
  });
  afterEach(async () => {
    await fake.close();
  });

  const poll = (options: { pageLimit?: number } = {}) =>
    pollDeposits({
      db: database().db,
      apiUrl: fake.url,
      contract: USDT_CONTRACT,
      cursorName,
      sleep: async () => {},
      now: () => T,
      ...options,
    });
  const event = (blockTimestamp: number) =>
    transferEvent({ to: randomTronAddress(), value: 1_000_000n, blockTimestamp });
  const unconfirmed = (blockTimestamp: number) => Object.assign(event(blockTimestamp), { _unconfirmed: true });

  it("is created 10 minutes before the first poll's clock and keeps that value afterwards", async () => {
    const db = database().db;
    expect(await readOrCreateCursor({ db, name: cursorName, now: T })).toBe(1_699_999_400_000);
    expect(await readOrCreateCursor({ db, name: cursorName, now: T + 900_000 })).toBe(1_699_999_400_000);
    expect(await getCursor({ db, name: cursorName })).toBe(1_699_999_400_000);
  });

  it("reads null for a cursor nobody created", async () => {
    expect(await getCursor({ db: database().db, name: `never-${crypto.randomUUID()}` })).toBeNull();
  });

  it("advances only from the value its mover read, and reports a move to the same value as none", async () => {
    const db = database().db;
    await setCursor({ db, name: cursorName, value: 1_000 });
    expect(await advanceCursor({ db, name: cursorName, expected: 1_000, next: 1_000 })).toBe(false);
    expect(await advanceCursor({ db, name: cursorName, expected: 999, next: 5_000 })).toBe(false);
    expect(await getCursor({ db, name: cursorName })).toBe(1_000);
    expect(await advanceCursor({ db, name: cursorName, expected: 1_000, next: 5_000 })).toBe(true);
    expect(await getCursor({ db, name: cursorName })).toBe(5_000);
  });

  it("is named usdt-trc20 unless told otherwise (a stored name: renaming it would restart the watcher 10 minutes back)", async () => {
    const db = database().db;
    await rescanDeposits({ db, from: new Date(T) });
    expect(
      await db
        .select({ at: chainCursors.minBlockTimestamp })
        .from(chainCursors)
        .where(eq(chainCursors.name, "usdt-trc20")),
    ).toEqual([{ at: T }]);
    expect(await getCursor({ db })).toBe(T);
  });

  it("rescan refuses an invalid date and leaves no cursor", async () => {
    const db = database().db;
    await expect(rescanDeposits({ db, from: new Date("not a date"), cursorName })).rejects.toMatchObject({
      name: "AppError",
      code: "VALIDATION",
      message: "from must be a valid date-time.",
    });
    expect(await getCursor({ db, name: cursorName })).toBeNull();
  });

  it("rescan accepts the present instant and refuses one millisecond after it", async () => {
    const db = database().db;
    const now = new Date(T);
    expect(await rescanDeposits({ db, from: new Date(T), cursorName, now })).toEqual({ from: new Date(T) });
    expect(await getCursor({ db, name: cursorName })).toBe(T);
    await expect(rescanDeposits({ db, from: new Date(T + 1), cursorName, now })).rejects.toMatchObject({
      code: "VALIDATION",
      message: "from must not be in the future.",
    });
    expect(await getCursor({ db, name: cursorName })).toBe(T);
  });

  it("starts the first poll 10 minutes back and leaves the cursor 3000 ms behind the newest block read", async () => {
    fake.setEvents([event(1_699_999_450_000), event(1_699_999_500_000)]);
    expect(await poll()).toEqual({
      credited: 0,
      seen: 2,
      unconfirmed: 0,
      uncredited: 0,
      pages: 1,
      cursor: 1_699_999_497_000,
      complete: true,
      newest: { block: 566_666_500, at: 1_699_999_500_000 },
    });
    expect(fake.requests.map((r) => r.query.min_block_timestamp)).toEqual(["1699999400000"]);
    expect(await getCursor({ db: database().db, name: cursorName })).toBe(1_699_999_497_000);
  });

  it("stays put while the newest block is within 3000 ms of the cursor, and moves at 3001 ms", async () => {
    const db = database().db;
    await setCursor({ db, name: cursorName, value: T - 60_000 });
    fake.setEvents([event(T - 57_000)]);
    expect(await poll()).toMatchObject({ seen: 1, cursor: T - 60_000, complete: true });
    expect(await getCursor({ db, name: cursorName })).toBe(T - 60_000);
    fake.addEvents(event(T - 56_999));
    expect(await poll()).toMatchObject({ seen: 2, cursor: T - 59_999, complete: true });
    expect(await getCursor({ db, name: cursorName })).toBe(T - 59_999);
  });

  it("leaves the cursor where it was after an empty window", async () => {
    const db = database().db;
    await setCursor({ db, name: cursorName, value: T - 60_000 });
    expect(await poll()).toEqual({
      credited: 0,
      seen: 0,
      unconfirmed: 0,
      uncredited: 0,
      pages: 1,
      cursor: T - 60_000,
      complete: true,
    });
    expect(await getCursor({ db, name: cursorName })).toBe(T - 60_000);
  });

  it("stops at the oldest unconfirmed event of all the pages read, not of the last one", async () => {
    const db = database().db;
    await setCursor({ db, name: cursorName, value: T - 60_000 });
    fake.setEvents([unconfirmed(T - 50_000), event(T - 48_000), unconfirmed(T - 40_000), event(T - 30_000)]);
    expect(await poll({ pageLimit: 2 })).toEqual({
      credited: 0,
      seen: 2,
      unconfirmed: 2,
      uncredited: 0,
      pages: 2,
      cursor: T - 50_000,
      complete: true,
      newest: { block: 566_666_656, at: T - 30_000 },
    });
    expect(await getCursor({ db, name: cursorName })).toBe(T - 50_000);
  });
});
