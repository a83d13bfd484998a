import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../../db/client.ts";
import { getLogger } from "../../lib/logger.ts";
import type { TelegramBot } from "../../telegram/telegram-bot.ts";
import { deliverBroadcasts } from "./deliver-broadcasts.ts";
import { startDueBroadcasts } from "./start-due-broadcasts.ts";
import { createTelegramPacer } from "./telegram-pacer.ts";

/**
 * The broadcast sender of the one instance that leads (Telegram's limits are the bot's, whatever
 * the number of instances): starts scheduled broadcasts when due and sends what is queued, then
 * looks again every `idleMs`, until `signal`. One pacer for its whole life, so the pace holds
 * from one broadcast to the next.
 */
export async function startBroadcastSender(options: {
  db: Db;
  bot: TelegramBot | undefined;
  signal: AbortSignal;
  idleMs?: number;
}) {
  const { db, bot, signal, idleMs = 5_000 } = options;
  const pacer = createTelegramPacer();
  while (!signal.aborted) {
    try {
      const started = await startDueBroadcasts({ db });
      const tally = await deliverBroadcasts({ db, bot, pacer, signal });
      if (started > 0 || Object.values(tally).some((n) => n > 0))
        getLogger().info({ started, ...tally }, "broadcasts sent");
    } catch (error) {
      if (signal.aborted) break;
      getLogger().error({ err: error }, "broadcast sender failed; trying again shortly");
    }
    await sleep(idleMs, undefined, { signal }).catch(() => undefined);
  }
}
