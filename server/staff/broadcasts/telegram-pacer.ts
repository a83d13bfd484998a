import { setTimeout as sleep } from "node:timers/promises";

/*
 * Telegram's limits on a bot's messages: about 30 a second overall and one a second to one
 * chat; past them it answers 429 with retry_after. The pacer keeps the sender inside both: a
 * token bucket for the overall rate (no burst above the rate: the bucket holds one second's
 * worth and starts empty, so no second ever sees more than `perSecond`), the time of the last
 * message per chat for the other, and a pause the whole bot waits out after a 429.
 */

export type Pacer = {
  /** Resolves when a message to `chatId` may go; rejects when `signal` is aborted. */
  take: (chatId: number, signal?: AbortSignal) => Promise<void>;
  /** Nothing goes to any chat for `ms` (a 429's retry_after). */
  pause: (ms: number) => void;
};

export const TELEGRAM_LIMITS = { perSecond: 30, perChatMs: 1000 } as const;

export function createTelegramPacer(
  options: {
    perSecond?: number;
    perChatMs?: number;
    now?: () => number;
    wait?: (ms: number, signal?: AbortSignal) => Promise<unknown>;
  } = {},
): Pacer {
  const perSecond = options.perSecond ?? TELEGRAM_LIMITS.perSecond;
  const perChatMs = options.perChatMs ?? TELEGRAM_LIMITS.perChatMs;
  const now = options.now ?? (() => performance.now());
  const wait = options.wait ?? ((ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal }));
  // The times of the last `perSecond` messages: a new one waits until the oldest is a second old,
  // which holds every sliding second to `perSecond` however the sends bunch up.
  const recent: number[] = [];
  const lastByChat = new Map<number, number>();
  let pausedUntil = 0;
  // One message at a time is let through, in the order asked.
  let queue: Promise<unknown> = Promise.resolve();

  async function admit(chatId: number, signal?: AbortSignal) {
    for (;;) {
      signal?.throwIfAborted();
      const t = now();
      const oldest = recent.length >= perSecond ? recent[recent.length - perSecond]! : -Infinity;
      const ready = Math.max(pausedUntil, oldest + 1000, (lastByChat.get(chatId) ?? -Infinity) + perChatMs);
      if (ready <= t) {
        recent.push(t);
        if (recent.length > perSecond) recent.splice(0, recent.length - perSecond);
        lastByChat.set(chatId, t);
        // Forget chats whose second has passed, so the map stays small over a long broadcast.
        if (lastByChat.size > 10_000) for (const [id, at] of lastByChat) if (t - at > perChatMs) lastByChat.delete(id);
        return;
      }
      await wait(Math.ceil(ready - t), signal);
    }
  }

  return {
    take(chatId, signal) {
      const turn = queue.then(() => admit(chatId, signal));
      queue = turn.catch(() => undefined);
      return turn;
    },
    pause(ms) {
      pausedUntil = Math.max(pausedUntil, now() + ms);
    },
  };
}
