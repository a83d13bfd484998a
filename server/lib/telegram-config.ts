import { z } from "zod";

export const DEFAULT_TELEGRAM_API_ROOT = "https://api.telegram.org";
export const TELEGRAM_WEBHOOK_PATH = "/api/telegram/webhook";

/** Plan slug (pricing.plan_id) → the chat ids that plan unlocks. */
export type PlanChats = Record<string, number[]>;

export type TelegramConfig = {
  /** Unset = the bot is off: every Telegram function is a no-op and the site works as before. */
  token?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  apiRoot: string;
  botUsername?: string;
  planChats?: PlanChats;
  /** TELEGRAM_STAFF_CHAT: the staff's group, told of new contact messages; unset: no Telegram alert. */
  staffChat?: number;
};

// Telegram chat ids are integers; groups and channels are negative (-100…). At most 52 bits.
const chatId = z
  .union([z.number(), z.string().regex(/^-?\d+$/)])
  .transform(Number)
  .pipe(z.number().int().refine(Number.isSafeInteger));

const schema = z.object({
  TELEGRAM_STAFF_CHAT: z
    .string()
    .regex(/^-?\d+$/, "must be a chat id, e.g. -1001234567890")
    .transform(Number)
    .pipe(z.number().int().refine(Number.isSafeInteger, "must be a chat id, e.g. -1001234567890"))
    .optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .trim()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "must be the token from @BotFather (digits, a colon, then the secret)")
    .optional(),
  TELEGRAM_WEBHOOK_URL: z
    .url({ message: "must be a full https URL" })
    .refine((v) => v.startsWith("https://"), "must be an https URL (Telegram only calls https webhooks)")
    .refine(
      (v) => new URL(v).pathname.replace(/\/$/, "").endsWith(TELEGRAM_WEBHOOK_PATH),
      `must end with ${TELEGRAM_WEBHOOK_PATH}`,
    )
    .optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, "must be 16–256 letters, digits, _ or -")
    .optional(),
  TELEGRAM_API_ROOT: z
    .url({ protocol: /^https?$/, message: "must be a full URL, e.g. https://api.telegram.org" })
    .default(DEFAULT_TELEGRAM_API_ROOT),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .trim()
    .transform((v) => v.replace(/^@/, ""))
    .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "must be the bot's username, e.g. my_signals_bot"))
    .optional(),
  TELEGRAM_PLAN_CHATS: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: 'must be JSON like {"vip-signals": -1001234567890}' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string().regex(/^[a-z0-9-]+$/, "keys must be plan ids (slugs)"),
        z.union([chatId.transform((id) => [id]), z.array(chatId).min(1)]),
        { message: 'must be JSON like {"vip-signals": -1001234567890}' },
      ),
    )
    .optional(),
});

const secrets = new Set(["TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET"]);

export class TelegramConfigError extends Error {}

/**
 * Reads and validates the bot's settings. Throws a TelegramConfigError whose message is one
 * line naming the variable (secrets are named, never echoed). Empty strings mean unset.
 */
export function readTelegramConfig(env: Record<string, string | undefined>): TelegramConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k.startsWith("TELEGRAM_") && v !== undefined && v !== ""),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "TELEGRAM");
    const got = secrets.has(name) || name === "TELEGRAM_PLAN_CHATS" ? undefined : cleaned[name];
    throw new TelegramConfigError(
      `Invalid configuration: ${name} ${issue.message}${got === undefined ? "" : ` (got "${got}")`}`,
    );
  }
  const c = result.data;
  if (c.TELEGRAM_WEBHOOK_URL && !c.TELEGRAM_BOT_TOKEN) {
    throw new TelegramConfigError("Invalid configuration: TELEGRAM_WEBHOOK_URL is set but TELEGRAM_BOT_TOKEN is not");
  }
  if (c.TELEGRAM_WEBHOOK_URL && !c.TELEGRAM_WEBHOOK_SECRET) {
    // Without the secret anyone could post forged updates to the webhook.
    throw new TelegramConfigError(
      "Invalid configuration: TELEGRAM_WEBHOOK_SECRET is required when TELEGRAM_WEBHOOK_URL is set",
    );
  }
  return {
    token: c.TELEGRAM_BOT_TOKEN,
    webhookUrl: c.TELEGRAM_WEBHOOK_URL,
    webhookSecret: c.TELEGRAM_WEBHOOK_SECRET,
    apiRoot: c.TELEGRAM_API_ROOT.replace(/\/+$/, ""),
    botUsername: c.TELEGRAM_BOT_USERNAME,
    planChats: c.TELEGRAM_PLAN_CHATS,
    staffChat: c.TELEGRAM_STAFF_CHAT,
  };
}
