import { HDKey } from "@scure/bip32";
import { z } from "zod";
import { parseUsdt } from "../app/lib/money.ts";
import { parseDatabaseUrl } from "./lib/database-url.ts";
import { parseTrustProxy } from "./lib/trust-proxy.ts";

// Every environment variable the server reads, with its rule and default (README's
// configuration table lists the same). server/config.ts parses the environment with it once.

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const url = (what: string) => z.url({ message: `must be a full URL (${what})` });

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .superRefine((value, ctx) => {
      if (!/^postgres(ql)?:\/\//.test(value)) return;
      try {
        parseDatabaseUrl(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    })
    .optional(),
  PUBLIC_URL: url("the address members use, e.g. https://example.com").optional(),
  BRAND_NAME: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(40, "must be at most 40 characters")
    .default("NovaSignals"),
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must contain only lowercase letters, digits and dashes")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.value;
    }),
  CLIENT_COUNTRY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, "must be a header name, e.g. CF-IPCountry")
    .optional(),
  CONTACT_RATE_LIMIT: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .default(5),
  TELEGRAM_CHANNEL_URL: url("the public Telegram channel").default("https://t.me/novasignals"),
  X_URL: url("the social feed").default("https://x.com/novasignals"),
  DISCORD_URL: url("the chat community").default("https://discord.gg/novasignals"),
  SEED_DEMO_CONTENT: bool.default(true),
  TRON_XPUB: z
    .string()
    .trim()
    .refine(isAccountXpub, "must be the account-level extended public key (xpub…) of m/44'/195'/0'")
    .optional(),
  // Production only: run deposits on the development key in DATA_DIR on purpose (a demo, a staging site).
  ALLOW_DEV_TRON_KEY: bool.default(false),
  TRON_API_URL: url("a TronGrid-compatible API, e.g. https://api.trongrid.io").optional(),
  TRON_API_KEY: z.string().trim().min(1).optional(),
  TRON_POLL_SECONDS: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .default(30),
  // Decimal USDT; deposits below it are credited without an email (dust, address poisoning).
  MIN_DEPOSIT_USDT: z
    .string()
    .refine((v) => parseUsdt(v) !== null, "must be a USDT amount such as 1 or 0.5 (at most 6 decimals)")
    .default("1"),
  OPS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().trim().min(3, "must be an address like Name <noreply@example.com>").optional(),
  JOBS_ENABLED: bool.default(true),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // Uploaded images: an S3-compatible bucket instead of DATA_DIR/uploads when these are set.
  S3_ENDPOINT: url("the bucket service's address, e.g. https://s3.eu-central-1.amazonaws.com").optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3-63 lowercase letters, digits, dots and dashes)",
    )
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1 or auto")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, "must be folder names each ending in /, e.g. uploads/")
    .default("uploads/"),
  S3_PUBLIC_URL: url("where browsers read the bucket's uploads, e.g. https://cdn.example.com/uploads").optional(),
  // Where new contact messages alert the staff by email; unset: no email alert (the inbox still shows them).
  SUPPORT_EMAIL: z.email({ message: "must be an email address" }).optional(),
  // A transaction page; the hash is appended. Staff and members follow deposits there.
  TRON_EXPLORER_URL: url("a TRON explorer's transaction page, e.g. https://tronscan.org/#/transaction/").default(
    "https://tronscan.org/#/transaction/",
  ),
  // Card payments through Stripe Checkout: both keys or neither (without them no card option is shown).
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret or restricted key (sk_live_…, sk_test_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  // Tests point the client at a local stand-in; production talks to Stripe over https only.
  STRIPE_API_URL: url("Stripe's API, https://api.stripe.com").default("https://api.stripe.com"),
  PAGE_CACHE_SECONDS: z.coerce
    .number({ message: "must be a number" })
    .int("must be an integer")
    .min(0, "must be 0 or more")
    .default(30),
});

/** An extended public key at account depth (m/44'/195'/0'); a private key is refused. */
function isAccountXpub(value: string) {
  if (!value.startsWith("xpub")) return false;
  try {
    const key = HDKey.fromExtendedKey(value);
    return key.depth === 3 && !key.privateKey;
  } catch {
    return false;
  }
}
