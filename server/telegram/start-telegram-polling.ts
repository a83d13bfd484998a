import { getLogger } from "../lib/logger.ts";
import { ALLOWED_UPDATES, type TelegramBot } from "./bot-type.ts";
import { setBotCommands } from "./telegram-webhook.ts";

/**
 * Long polling, when no webhook URL is configured: resolves when `signal` aborts (shutdown,
 * or the advisory lock lost: exactly one instance may poll, or Telegram answers 409). Starting
 * removes any webhook. Run it under the leader lock (server/jobs/leader-lock.ts).
 */
export async function startTelegramPolling(options: {
  bot: TelegramBot | undefined;
  signal: AbortSignal;
}): Promise<void> {
  const { bot, signal } = options;
  if (!bot || signal.aborted) return;
  const log = getLogger();
  const stop = () => {
    bot.stop().catch((error: unknown) => log.warn({ err: (error as Error).message }, "telegram: polling stop failed"));
  };
  signal.addEventListener("abort", stop, { once: true });
  try {
    await bot.start({
      allowed_updates: [...ALLOWED_UPDATES],
      onStart: async (me) => {
        log.info({ bot: me.username }, "telegram: long polling started");
        await setBotCommands(bot);
      },
    });
  } finally {
    signal.removeEventListener("abort", stop);
  }
  log.info("telegram: long polling stopped");
}
