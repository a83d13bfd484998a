// The optional outside services (an upload bucket, card payments), each all set or not at all:
// half a set fails at start-up, naming what is missing, not on first use. This file imports
// nothing of the server's: config.ts hands it the parsed variables and how to refuse them (its
// ConfigError), so it stays out of the knot of files that config.ts and server/lib/ make.

/** The parsed variables these read (config-env.ts). */
type ServiceEnv = {
  NODE_ENV: "development" | "production" | "test";
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_PREFIX: string;
  S3_PUBLIC_URL?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL: string;
};

/** Throws the caller's error for a configuration it refuses (a one-line message naming the variable). */
type Refuse = (message: string) => never;

/** https, or plain http to this machine itself (a loopback address: nothing on the way to read it). */
export function secureOrLoopback(url: URL): boolean {
  return url.protocol === "https:" || ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname);
}

/**
 * The upload bucket: all four of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY, or none (uploads then stay in DATA_DIR). Half a set is a mistake that
 * would otherwise surface only on the first upload.
 */
export function readS3(c: ServiceEnv, refuse: Refuse) {
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
      refuse(
        "Invalid configuration: S3_PUBLIC_URL is set but S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID " +
          "and S3_SECRET_ACCESS_KEY are not",
      );
    return undefined;
  }
  if (missing.length > 0)
    refuse(
      `Invalid configuration: ${missing.join(", ")} must be set too (S3 uploads need S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`,
    );
  const endpoint = new URL(c.S3_ENDPOINT!);
  if (c.NODE_ENV === "production" && endpoint.protocol !== "https:") {
    refuse(`Invalid configuration: S3_ENDPOINT must use https:// in production (got "${endpoint.origin}")`);
  }
  if (
    c.S3_PUBLIC_URL &&
    !(c.NODE_ENV === "production" ? /^https:$/ : /^https?:$/).test(new URL(c.S3_PUBLIC_URL).protocol)
  ) {
    // Pages on https may not load images over http; in development a local bucket is fine.
    refuse(
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

/**
 * Stripe: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together or not at all. A key without the
 * webhook secret would take card payments that are never credited (the webhook credits them).
 */
export function readStripe(c: ServiceEnv, refuse: Refuse) {
  if (!c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) return undefined;
  if (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET)
    refuse(
      `Invalid configuration: ${c.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"} must be set too (card payments need STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)`,
    );
  const api = new URL(c.STRIPE_API_URL);
  if (c.NODE_ENV === "production" && !secureOrLoopback(api)) {
    // The secret key travels in every request, and checkout addresses come back in the answers.
    // A loopback address never leaves the machine: the browser tests' stand-in runs there.
    refuse(`Invalid configuration: STRIPE_API_URL must use https:// in production (got "${api.origin}")`);
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
