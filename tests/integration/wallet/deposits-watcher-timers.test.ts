import { beforeEach, expect, it } from "vitest";
import { DEFAULT_CURSOR, getCursor, setCursor } from "#server/wallet/deposit-cursor";
import { startDepositWatcher } from "#server/wallet/start-deposit-watcher";
import { describeEachDatabase } from "../../helpers/database";
import { randomTronAddress, transferEvent, USDT_CONTRACT } from "../../helpers/fake-trongrid";
import { startLocalServer } from "../../helpers/local-server";

describeEachDatabase("the deposit watcher's timing", (database) => {
  const base = Date.now() - 5 * 60_000;

  beforeEach(async () => {
    await setCursor({ db: database().db, name: DEFAULT_CURSOR, value: base });
  });

  const config = (apiUrl?: string) => ({
    tron: { apiUrl, apiKey: undefined, pollSeconds: 30, usdtContract: USDT_CONTRACT, minDeposit: 0n },
  });

  it("after a poll cut at 50 pages, polls again after 1 s instead of the interval", async () => {
    let served = 0;
    // A backlog of 50 pages of one event each, then nothing more.
    const backlog = await startLocalServer((_, res) => {
      served++;
      const data =
        served <= 50
          ? [transferEvent({ to: randomTronAddress(), value: 1n, blockTimestamp: base + served * 1000 })]
          : [];
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ success: true, data, meta: served <= 50 ? { fingerprint: `page-${served + 1}` } : {} }));
    });
    const controller = new AbortController();
    const waits: number[] = [];
    try {
      await startDepositWatcher({
        db: database().db,
        config: config(backlog.url),
        signal: controller.signal,
        // Every wait, the pauses between pages included, goes through the injected sleep (and
        // is skipped): 49 pauses inside the 50-page poll, then the watcher's own waits.
        sleep: async (ms) => {
          waits.push(ms);
          // Stop at the first normal interval: the backlog is read by then.
          if (ms === 30_000) controller.abort();
        },
      });
    } finally {
      await backlog.close();
    }
    expect(served).toBe(51);
    expect(waits).toEqual([...Array.from({ length: 49 }, () => 250), 1_000, 30_000]);
    expect(await getCursor({ db: database().db })).toBe(base + 47_000);
  });

  it("without TRON_API_URL waits for the stop alone, never on a timer (which would end it after 1 ms)", async () => {
    const controller = new AbortController();
    let settled = false;
    const running = startDepositWatcher({ db: database().db, config: config(), signal: controller.signal }).then(() => {
      settled = true;
    });
    // Real time, on purpose: the rule is about the real timer (an infinite one would fire after
    // 1 ms), so no injected clock can show it. 20 ms is ample for a 1 ms timer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    controller.abort();
    await running;
    expect(settled).toBe(true);
  });
});
