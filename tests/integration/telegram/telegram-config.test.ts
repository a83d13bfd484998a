import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { singletonValue } from "#server/lib/singleton";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { DEMO_PLAN_CHATS } from "#server/telegram/seed-plan-chats";
import { getTelegramBot } from "#server/telegram/telegram-bot";
import { getTelegramBotUsername, telegramBotUrl } from "#server/telegram/telegram-links";
import { setTestEnv } from "../../helpers/env";

const TOKEN = "123456789:AAFakeTokenForTests_abcdefghijklmn";

describe("Telegram configuration", () => {
  it("is off by default, with Telegram's API root", () => {
    expect(readTelegramConfig({})).toEqual({
      token: undefined,
      webhookUrl: undefined,
      webhookSecret: undefined,
      apiRoot: "https://api.telegram.org",
      botUsername: undefined,
      planChats: undefined,
    });
    // Empty strings mean unset.
    expect(readTelegramConfig({ TELEGRAM_BOT_TOKEN: "", TELEGRAM_WEBHOOK_URL: "" }).token).toBeUndefined();
  });

  it("reads a complete configuration", () => {
    const config = readTelegramConfig({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_WEBHOOK_URL: "https://signals.example/api/telegram/webhook",
      TELEGRAM_WEBHOOK_SECRET: "s3cret_value-0123456789",
      TELEGRAM_API_ROOT: "http://127.0.0.1:8081/",
      TELEGRAM_BOT_USERNAME: "@nova_signals_bot",
      TELEGRAM_PLAN_CHATS: '{"vip-signals": -1001234567890, "all-in-one": [-1001, "-1002"]}',
    });
    expect(config).toEqual({
      token: TOKEN,
      webhookUrl: "https://signals.example/api/telegram/webhook",
      webhookSecret: "s3cret_value-0123456789",
      apiRoot: "http://127.0.0.1:8081",
      botUsername: "nova_signals_bot",
      planChats: { "vip-signals": [-1001234567890], "all-in-one": [-1001, -1002] },
    });
  });

  it.each([
    [
      { TELEGRAM_BOT_TOKEN: "not-a-token" },
      "Invalid configuration: TELEGRAM_BOT_TOKEN must be the token from @BotFather (digits, a colon, then the secret)",
    ],
    [
      {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_URL: "http://signals.example/api/telegram/webhook",
        TELEGRAM_WEBHOOK_SECRET: "s3cret_value-0123456789",
      },
      "Invalid configuration: TELEGRAM_WEBHOOK_URL must be an https URL (Telegram only calls " +
        'https webhooks) (got "http://signals.example/api/telegram/webhook")',
    ],
    [
      {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_URL: "https://signals.example/hook",
        TELEGRAM_WEBHOOK_SECRET: "s3cret_value-0123456789",
      },
      "Invalid configuration: TELEGRAM_WEBHOOK_URL must end with /api/telegram/webhook (got " +
        '"https://signals.example/hook")',
    ],
    [
      { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_URL: "https://signals.example/api/telegram/webhook" },
      "Invalid configuration: TELEGRAM_WEBHOOK_SECRET is required when TELEGRAM_WEBHOOK_URL is set",
    ],
    [
      {
        TELEGRAM_WEBHOOK_URL: "https://signals.example/api/telegram/webhook",
        TELEGRAM_WEBHOOK_SECRET: "s3cret_value-0123456789",
      },
      "Invalid configuration: TELEGRAM_WEBHOOK_URL is set but TELEGRAM_BOT_TOKEN is not",
    ],
    [
      { TELEGRAM_WEBHOOK_SECRET: "short" },
      "Invalid configuration: TELEGRAM_WEBHOOK_SECRET must be 16–256 letters, digits, _ or -",
    ],
    [
      { TELEGRAM_API_ROOT: "localhost:8081" },
      "Invalid configuration: TELEGRAM_API_ROOT must be a full URL, e.g. " +
        'https://api.telegram.org (got "localhost:8081")',
    ],
    [
      { TELEGRAM_PLAN_CHATS: "{vip: 1" },
      'Invalid configuration: TELEGRAM_PLAN_CHATS must be JSON like {"vip-signals": -1001234567890}',
    ],
    [{ TELEGRAM_PLAN_CHATS: '{"vip-signals": "channel"}' }, "Invalid configuration: TELEGRAM_PLAN_CHATS"],
    [
      { TELEGRAM_BOT_USERNAME: "a b" },
      "Invalid configuration: TELEGRAM_BOT_USERNAME must be the bot's username, e.g. my_signals_bot",
    ],
  ])("refuses %o with a one-line message naming the variable", (env, message) => {
    expect(() => readTelegramConfig(env)).toThrow(message);
    try {
      readTelegramConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
      // Secrets are named, never echoed.
      expect((error as Error).message).not.toContain("s3cret");
      expect((error as Error).message).not.toContain("not-a-token");
    }
  });

  it("builds the dashboard's deep link and knows the demo chats", () => {
    expect(telegramBotUrl({ username: "nova_signals_bot", code: "123456" })).toBe(
      "https://t.me/nova_signals_bot?start=123456",
    );
    expect(getTelegramBotUsername({ config: readTelegramConfig({ TELEGRAM_BOT_USERNAME: "nova_signals_bot" }) })).toBe(
      "nova_signals_bot",
    );
    expect(getTelegramBotUsername({ config: readTelegramConfig({}) })).toBeUndefined();
    expect(DEMO_PLAN_CHATS["vip-signals"]).toEqual([-1001000000002]);
  });
});

describe("the process bot", () => {
  // A folder that does not exist: opening the process database would create it.
  const dataDir = path.join(os.tmpdir(), `bot-off-${crypto.randomBytes(4).toString("hex")}`);
  setTestEnv({ DATA_DIR: dataDir, TELEGRAM_BOT_TOKEN: "" });

  it("is off without a token, and asking for it opens no database", () => {
    expect(getTelegramBot()).toBeUndefined();
    expect(singletonValue("database")).toBeUndefined();
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
