import path from "node:path";
import { parseUsdt } from "../app/lib/money.ts";
import type { PublicConfig } from "../app/lib/view-types/site.ts";
import { envSchema } from "./config-env.ts";
import { readS3, readStripe, secureOrLoopback } from "./config-services.ts";
import { redactExtendedKeys } from "./lib/redact-secrets.ts";
import { singleton } from "./lib/singleton.ts";
import { readTelegramConfig, TelegramConfigError } from "./lib/telegram-config.ts";

// TRON_XPUB: a public key, but it links every member to their deposit addresses (and a private
// key pasted there by mistake would spend them).
const secretVariables = new Set([
  "DATABASE_URL",
  "OPS_TOKEN",
  "TRON_API_KEY",
  "SMTP_URL",
  "AUTH_SECRET",
  "TRON_XPUB",
  "S3_SECRET_ACCESS_KEY",
  "S3_ACCESS_KEY_ID",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
]);

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  constructor(message: string) {
    // Whatever variable echoed it, an extended key (xprv/xpub…) never reaches the console.
    super(redactExtendedKeys(message));
  }
}

const refuse = (message: string): never => {
  throw new ConfigError(message);
};

/** Parses an environment; throws a ConfigError whose message is one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>) {
  // Empty strings mean "unset", as they do in most .env files and CI settings.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    // Secrets are named, never echoed.
    const got = secretVariables.has(name) ? undefined : cleaned[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${got === undefined ? "" : ` (got "${got}")`}`,
    );
  }
  const c = result.data;
  if (c.NODE_ENV === "production" && !c.PUBLIC_URL) {
    // Links in mail and Telegram (password resets above all) must never be built from a
    // request's Host, which the sender writes: in production they come from PUBLIC_URL only.
    throw new ConfigError(
      "Invalid configuration: PUBLIC_URL is required in production (the address members use, e.g. https://example.com)",
    );
  }
  if (c.NODE_ENV === "production" && c.DATABASE_URL && !c.AUTH_SECRET) {
    // Instances sharing a database must sign sessions with the same key.
    throw new ConfigError("Invalid configuration: AUTH_SECRET is required when DATABASE_URL is set in production");
  }
  if (c.NODE_ENV === "production" && c.TRON_API_URL && !secureOrLoopback(new URL(c.TRON_API_URL))) {
    // Deposits are credited on what this API says: in production it must be authenticated (TLS).
    // Plain http stays allowed in development and tests, and on a loopback address, which never
    // leaves the machine (the browser tests' TronGrid stand-in runs there).
    throw new ConfigError(
      `Invalid configuration: TRON_API_URL must use https:// in production (got "${new URL(c.TRON_API_URL).origin}")`,
    );
  }
  if (c.NODE_ENV === "production" && !c.TRON_XPUB && !c.ALLOW_DEV_TRON_KEY) {
    // The development key's seed sits in DATA_DIR: whoever reads that folder (a backup, a
    // leaked volume) spends every deposit. Production runs on it only when told to.
    throw new ConfigError(
      "Invalid configuration: TRON_XPUB is required in production (deposit addresses would " +
        "otherwise come from the development key in DATA_DIR); set ALLOW_DEV_TRON_KEY=true to run " +
        "on that key on purpose",
    );
  }
  const stripe = readStripe(c, refuse);
  const s3 = readS3(c, refuse);
  let telegram;
  try {
    telegram = readTelegramConfig(env);
  } catch (error) {
    if (error instanceof TelegramConfigError) throw new ConfigError(error.message);
    throw error;
  }
  const productSlug =
    c.PRODUCT_SLUG ??
    (c.BRAND_NAME.toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") ||
      "product");
  return {
    env: c.NODE_ENV,
    isProduction: c.NODE_ENV === "production",
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL?.replace(/\/$/, ""),
    brandName: c.BRAND_NAME,
    productSlug,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    /** CLIENT_COUNTRY_HEADER: a country code header the trusted proxy sets (lowercase name), or undefined. */
    clientCountryHeader: c.CLIENT_COUNTRY_HEADER?.toLowerCase(),
    contactRateLimit: c.CONTACT_RATE_LIMIT,
    seedDemoContent: c.SEED_DEMO_CONTENT,
    jobsEnabled: c.JOBS_ENABLED,
    pageCacheSeconds: c.PAGE_CACHE_SECONDS,
    /** SUPPORT_EMAIL: new contact messages are announced there; undefined: no email alert. */
    supportEmail: c.SUPPORT_EMAIL,
    /** TRON_EXPLORER_URL: a transaction's page is this followed by its hash. */
    tronExplorerUrl: c.TRON_EXPLORER_URL,
    tron: {
      xpub: c.TRON_XPUB,
      /** ALLOW_DEV_TRON_KEY: production may derive deposit addresses from the development key. */
      allowDevKey: c.ALLOW_DEV_TRON_KEY,
      apiUrl: c.TRON_API_URL?.replace(/\/$/, ""),
      apiKey: c.TRON_API_KEY,
      pollSeconds: c.TRON_POLL_SECONDS,
      /** Micro-USDT: deposits below it are credited but not announced to the member. */
      minDeposit: parseUsdt(c.MIN_DEPOSIT_USDT)!,
      /** USDT on TRON (TRC-20, 6 decimals). */
      usdtContract: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    },
    telegram,
    /** Card payments (Stripe Checkout); undefined: no card option anywhere. */
    stripe,
    /** The bucket uploaded images go to; undefined: DATA_DIR/uploads. */
    s3,
    /** S3_PUBLIC_URL: /uploads/… redirects there (the bucket or its CDN serves the bytes); undefined: this server serves them. */
    uploadsPublicUrl: c.S3_PUBLIC_URL?.replace(/\/$/, ""),
    opsToken: c.OPS_TOKEN,
    authSecret: c.AUTH_SECRET,
    mail: {
      smtpUrl: c.SMTP_URL,
      // An address object, so a brand with special characters cannot break the header.
      from: c.MAIL_FROM ?? { name: c.BRAND_NAME, address: "noreply@localhost" },
    },
    links: {
      telegram: c.TELEGRAM_CHANNEL_URL,
      x: c.X_URL,
      discord: c.DISCORD_URL,
    },
  };
}

/** The process configuration, read from process.env exactly once. */
export function getConfig(): Config {
  return singleton("config", () => parseConfig(process.env));
}

/**
 * Recorded by main.ts when `npm start` ran without NODE_ENV (local-run.ts): the production
 * build serving someone trying the site on their own machine, not a deployment. A process-wide
 * flag (`singleton`): the server entry and the React Router bundle each carry a copy of this module.
 */
export function markLocalTrial() {
  localTrial().on = true;
}

const localTrial = () => singleton("local-trial", () => ({ on: false }));

/**
 * "Simulate a deposit" exists outside production: in development, in tests and in a local
 * trial; never where the operator set NODE_ENV=production, since it credits money from nothing.
 */
export function simulatedDepositsAllowed(): boolean {
  return !getConfig().isProduction || localTrial().on;
}

/** The only configuration the browser ever sees: an explicit whitelist. */
export function getPublicConfig(): PublicConfig {
  const c = getConfig();
  return {
    brandName: c.brandName,
    productSlug: c.productSlug,
    links: c.links,
    cardPayments: c.stripe !== undefined,
    simulatedDeposits: simulatedDepositsAllowed(),
  };
}

let listeningOrigin: string | undefined;

/** Recorded by start.ts once the server listens (the port may have been chosen by the system). */
export function setListeningOrigin(url: string) {
  listeningOrigin = url;
}

/**
 * The site's origin for every link we make, in pages (canonical, feeds, sitemap) and outside
 * them (emails, Telegram): PUBLIC_URL (required in production), else, in development, the
 * address this server listens on. Never the request's Host: a forged Host must not put the
 * attacker's address into a password-reset email.
 */
export function getPublicOrigin(): string {
  const config = getConfig();
  return config.publicUrl ?? listeningOrigin ?? `http://localhost:${config.port}`;
}
