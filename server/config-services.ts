import type { z } from "zod";
import { ConfigError, type envSchema } from "./config-env.ts";

// The services configured by a set of variables that only make sense together (parseConfig in
// config.ts calls these): half a set is refused at start, not on first use.

/**
 * The upload bucket: all four of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY, or none (uploads then stay in DATA_DIR). Half a set is a mistake that
 * would otherwise surface only on the first upload.
 */
export function readS3(c: z.output<typeof envSchema>) {
  const required = {
    S3_ENDPOINT: c.S3_ENDPOINT,
    S3_BUCKET: c.S3_BUCKET,
    S3_ACCESS_KEY_ID: c.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: c.S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length === 4) {
    if (c.S3_PUBLIC_URL)
      throw new ConfigError(
        "Invalid configuration: S3_PUBLIC_URL is set but S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID " +
          "and S3_SECRET_ACCESS_KEY are not",
      );
    return undefined;
  }
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration: ${missing.join(", ")} must be set too (S3 uploads need S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`,
    );
  if (c.NODE_ENV === "production" && new URL(c.S3_ENDPOINT!).protocol !== "https:") {
    throw new ConfigError(
      `Invalid configuration: S3_ENDPOINT must use https:// in production (got "${new URL(c.S3_ENDPOINT!).origin}")`,
    );
  }
  if (
    c.S3_PUBLIC_URL &&
    !(c.NODE_ENV === "production" ? /^https:$/ : /^https?:$/).test(new URL(c.S3_PUBLIC_URL).protocol)
  ) {
    // Pages on https may not load images over http; in development a local bucket is fine.
    throw new ConfigError(
      `Invalid configuration: S3_PUBLIC_URL must be an ${c.NODE_ENV === "production" ? "https" : "http(s)"}:// address`,
    );
  }
  return {
    endpoint: c.S3_ENDPOINT!.replace(/\/$/, ""),
    bucket: c.S3_BUCKET!,
    region: c.S3_REGION,
    accessKeyId: c.S3_ACCESS_KEY_ID!,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
    prefix: c.S3_PREFIX,
  };
}

/** https, or plain http to this machine itself (a loopback address: nothing on the way to read it). */
export function secureOrLoopback(url: URL): boolean {
  return url.protocol === "https:" || ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname);
}

/**
 * Stripe: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together or not at all. A key without the
 * webhook secret would take card payments that are never credited (the webhook credits them).
 */
export function readStripe(c: z.output<typeof envSchema>) {
  if (!c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) return undefined;
  if (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError(
      `Invalid configuration: ${c.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"} must be set too (card payments need STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)`,
    );
  const api = new URL(c.STRIPE_API_URL);
  if (c.NODE_ENV === "production" && !secureOrLoopback(api)) {
    // The secret key travels in every request, and checkout addresses come back in the answers.
    // A loopback address never leaves the machine: the browser tests' stand-in runs there.
    throw new ConfigError(
      `Invalid configuration: STRIPE_API_URL must use https:// in production (got "${api.origin}")`,
    );
  }
  return {
    secretKey: c.STRIPE_SECRET_KEY,
    webhookSecret: c.STRIPE_WEBHOOK_SECRET,
    api: {
      protocol: api.protocol === "https:" ? ("https" as const) : ("http" as const),
      host: api.hostname,
      port: api.port ? Number(api.port) : api.protocol === "https:" ? 443 : 80,
    },
  };
}
