import { describe, expect, it } from "vitest";
import { createTelegramPacer } from "./telegram-pacer.ts";

/** A pacer on a clock that only moves when the pacer waits: what it lets through, and when. */
function pacedClock(options: { perSecond?: number; perChatMs?: number } = {}) {
  let clock = 0;
  const pacer = createTelegramPacer({
    ...options,
    now: () => clock,
    wait: async (ms) => void (clock += ms),
  });
  const times: number[] = [];
  const take = async (chat: number) => {
    await pacer.take(chat);
    times.push(clock);
  };
  return { pacer, times, take, advance: (ms: number) => void (clock += ms), now: () => clock };
}

describe("the Telegram pacer", () => {
  it("lets at most 30 messages through in any second", async () => {
    const { times, take } = pacedClock();
    for (let i = 0; i < 100; i++) await take(i);
    for (let i = 0; i + 30 < times.length; i++) expect(times[i + 30]! - times[i]!).toBeGreaterThanOrEqual(1000);
    // And does not dawdle: the 31st waits for the first to be a second old, no longer.
    expect(times[30]).toBe(1000);
    expect(times[29]).toBe(0);
  });

  it("sends one message a second to one chat", async () => {
    const { times, take } = pacedClock();
    await take(7);
    await take(7);
    await take(8);
    expect(times).toEqual([0, 1000, 1000]);
  });

  it("holds every chat back during a pause (a 429's retry_after)", async () => {
    const { pacer, times, take } = pacedClock();
    await take(1);
    pacer.pause(3000);
    await take(2);
    expect(times).toEqual([0, 3000]);
  });

  it("stops waiting when its signal is aborted", async () => {
    const pacer = createTelegramPacer({ perChatMs: 60_000 });
    await pacer.take(1);
    const controller = new AbortController();
    const waiting = pacer.take(1, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow();
  });
});
