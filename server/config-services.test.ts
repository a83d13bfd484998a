import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("S3_* (uploaded images in a bucket)", () => {
  const full = {
    S3_ENDPOINT: "https://s3.eu-central-1.amazonaws.com/",
    S3_BUCKET: "site-uploads",
    S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
    S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY",
  };

  it("is off by default: uploads stay in DATA_DIR, served by this server", () => {
    const c = parseConfig({});
    expect(c.s3).toBeUndefined();
    expect(c.uploadsPublicUrl).toBeUndefined();
  });

  it("reads the bucket, with region us-east-1 and prefix uploads/ unless given, and the public address", () => {
    expect(parseConfig(full).s3).toEqual({
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      bucket: "site-uploads",
      region: "us-east-1",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY",
      prefix: "uploads/",
    });
    const c = parseConfig({
      ...full,
      S3_REGION: "auto",
      S3_PREFIX: "site/images/",
      S3_PUBLIC_URL: "https://cdn.example.com/images/",
    });
    expect([c.s3?.region, c.s3?.prefix, c.uploadsPublicUrl]).toEqual([
      "auto",
      "site/images/",
      "https://cdn.example.com/images",
    ]);
  });

  it("refuses half a set, naming what is missing, and never echoes the keys", () => {
    expect(() => parseConfig({ S3_BUCKET: "site-uploads", S3_ENDPOINT: full.S3_ENDPOINT })).toThrow(
      /^Invalid configuration: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too/,
    );
    expect(() => parseConfig({ S3_PUBLIC_URL: "https://cdn.example.com" })).toThrow(
      /S3_PUBLIC_URL is set but S3_ENDPOINT/,
    );
    expect(() => parseConfig({ ...full, S3_BUCKET: "Not_A_Bucket" })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => parseConfig({ ...full, S3_PREFIX: "../up" })).toThrow(/S3_PREFIX must be folder names/);
  });

  it("in production, wants https for the bucket and its public address", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://example.com",
      TRON_XPUB: undefined,
      ALLOW_DEV_TRON_KEY: "true",
    };
    expect(() => parseConfig({ ...production, ...full, S3_ENDPOINT: "http://minio.internal:9000" })).toThrow(
      /S3_ENDPOINT must use https:\/\/ in production/,
    );
    expect(() => parseConfig({ ...production, ...full, S3_PUBLIC_URL: "http://cdn.example.com" })).toThrow(
      /S3_PUBLIC_URL must be an https:\/\/ address/,
    );
    expect(parseConfig({ ...full, S3_ENDPOINT: "http://127.0.0.1:9000" }).s3?.endpoint).toBe("http://127.0.0.1:9000");
  });
});

describe("STRIPE_* (card payments)", () => {
  const keys = { STRIPE_SECRET_KEY: "sk_test_4eC39HqLyjWDarjtT1zdp7dc", STRIPE_WEBHOOK_SECRET: "whsec_abc123DEF456" };
  const production = { NODE_ENV: "production", PUBLIC_URL: "https://example.com", ALLOW_DEV_TRON_KEY: "true" };

  it("is off without the keys: no card option reaches the browser", () => {
    expect(parseConfig({}).stripe).toBeUndefined();
  });

  it("reads both keys and Stripe's own address unless told another", () => {
    expect(parseConfig(keys).stripe).toEqual({
      secretKey: keys.STRIPE_SECRET_KEY,
      webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
      api: { protocol: "https", host: "api.stripe.com", port: 443 },
    });
    expect(parseConfig({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" }).stripe?.api).toEqual({
      protocol: "http",
      host: "127.0.0.1",
      port: 12111,
    });
  });

  it("refuses one key without the other, naming the missing one and echoing neither", () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /^Invalid configuration: STRIPE_WEBHOOK_SECRET must be set too/,
    );
    expect(() => parseConfig({ STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })).toThrow(
      /^Invalid configuration: STRIPE_SECRET_KEY must be set too/,
    );
    const error = (() => {
      try {
        parseConfig({ ...keys, STRIPE_SECRET_KEY: "pk_live_publishable0000" });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error?.message).toMatch(/^Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret/);
    expect(error?.message).not.toContain("pk_live");
  });

  it("in production, wants https for STRIPE_API_URL except on this machine", () => {
    expect(() => parseConfig({ ...production, ...keys, STRIPE_API_URL: "http://stripe.internal:8080" })).toThrow(
      /STRIPE_API_URL must use https:\/\/ in production/,
    );
    expect(parseConfig({ ...production, ...keys }).stripe?.api.protocol).toBe("https");
    // A stand-in on this machine (the browser tests run the production build against one).
    expect(parseConfig({ ...production, ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" }).stripe?.api.host).toBe(
      "127.0.0.1",
    );
  });
});
