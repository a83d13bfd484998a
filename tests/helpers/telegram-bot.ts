import type { Db } from "#server/db/client";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { createTelegramBot } from "#server/telegram/telegram-bot";
import { startFakeBotApi, type FakeBotApi } from "./fake-bot-api";

/**
 * The fake Bot API and a bot talking to it, set as the app's "telegram-bot" singleton, the one
 * routes and jobs reach. Ended by `stopSingletonBot`.
 */
export async function startSingletonBot(db: Db): Promise<FakeBotApi> {
  const api = await startFakeBotApi();
  const bot = createTelegramBot({
    db,
    config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
    brandName: "NovaSignals",
  })!;
  setSingleton("telegram-bot", bot);
  return api;
}

export async function stopSingletonBot(api: FakeBotApi) {
  resetSingleton("telegram-bot");
  await api.close();
}
