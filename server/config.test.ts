import path from "node:path";
import { HDKey } from "@scure/bip32";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("parseConfig", () => {
  it("applies the documented defaults", () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe("0.0.0.0");
    expect(c.dataDir).toBe(path.resolve("./data"));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.brandName).toBe("NovaSignals");
    expect(c.productSlug).toBe("novasignals");
    expect(c.seedDemoContent).toBe(true);
  });

  it("derives the product slug from the brand unless given", () => {
    expect(parseConfig({ BRAND_NAME: "Alpha Edge AI" }).productSlug).toBe("alpha-edge-ai");
    expect(parseConfig({ BRAND_NAME: "Alpha Edge AI", PRODUCT_SLUG: "alpha" }).productSlug).toBe("alpha");
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "" }).port).toBe(3000);
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT must be a number \(got "abc"\)$/],
    [{ PORT: "70000" }, /^Invalid configuration: PORT must be between 0 and 65535/],

    [{ PRODUCT_SLUG: "Bad Slug" }, /^Invalid configuration: PRODUCT_SLUG must contain only lowercase/],
    [
      { TRUST_PROXY: "maybe" },
      /^Invalid configuration: TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDRs \(got "maybe"\)$/,
    ],
    [
      { TRUST_PROXY: "true" },
      /^Invalid configuration: TRUST_PROXY must be a hop count \(e\.g\. 1\) or proxy addresses .*not true/,
    ],
    [{ NODE_ENV: "staging" }, /^Invalid configuration: NODE_ENV /],
  ])("refuses %o with one line naming the variable", (env, message) => {
    let caught: unknown;
    try {
      parseConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toMatch(message);
    expect((caught as Error).message).not.toContain("\n");
  });
});

describe("TRON_XPUB", () => {
  it("refuses a malformed or non-account key with one clear line", () => {
    for (const bad of [
      "xpub-not-a-key",
      "tpubD6NzVbkrYhZ4X",
      "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi",
    ]) {
      expect(() => parseConfig({ TRON_XPUB: bad })).toThrow(
        /^Invalid configuration: TRON_XPUB must be the account-level extended public key/,
      );
    }
  });
});

describe("secrets in errors", () => {
  it("names a bad secret without printing it", () => {
    expect(() => parseConfig({ OPS_TOKEN: "short-secret" })).toThrow(
      /^Invalid configuration: OPS_TOKEN must be at least 24 characters$/,
    );
    expect(() => parseConfig({ DATABASE_URL: "mysql://user:pw@host/db" })).toThrow(
      /^Invalid configuration: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/$/,
    );
    expect(() =>
      parseConfig({ DATABASE_URL: "postgres://user:pw@a:5432,b:5432/db?target_session_attrs=standby" }),
    ).toThrow(
      /^Invalid configuration: DATABASE_URL target_session_attrs must be read-write, primary or any .*not standby$/,
    );
    expect(parseConfig({ DATABASE_URL: "postgres://user:pw@a:5432,b:5432/db" }).databaseUrl).toBe(
      "postgres://user:pw@a:5432,b:5432/db",
    );
  });
});

describe("the development deposit key in production", () => {
  const production = { NODE_ENV: "production", PUBLIC_URL: "https://signals.example" };
  const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(3)).derive("m/44'/195'/0'").publicExtendedKey;

  it("stops without TRON_XPUB, with one line saying what to set", () => {
    expect(() => parseConfig(production)).toThrow(
      new ConfigError(
        "Invalid configuration: TRON_XPUB is required in production (deposit addresses would " +
          "otherwise come from the development key in DATA_DIR); set ALLOW_DEV_TRON_KEY=true to run " +
          "on that key on purpose",
      ),
    );
    expect(() => parseConfig({ ...production, ALLOW_DEV_TRON_KEY: "false" })).toThrow(
      /^Invalid configuration: TRON_XPUB is required in production/,
    );
  });

  it("runs with TRON_XPUB, or on the development key only when ALLOW_DEV_TRON_KEY=true says so", () => {
    expect(parseConfig({ ...production, TRON_XPUB: xpub }).tron).toMatchObject({ xpub, allowDevKey: false });
    expect(parseConfig({ ...production, ALLOW_DEV_TRON_KEY: "true" }).tron).toMatchObject({
      xpub: undefined,
      allowDevKey: true,
    });
    // Development and tests use the development key freely.
    expect(parseConfig({ NODE_ENV: "development" }).tron.xpub).toBeUndefined();
    expect(parseConfig({ NODE_ENV: "test" }).tron.xpub).toBeUndefined();
  });

  it("refuses an ALLOW_DEV_TRON_KEY that is not a boolean", () => {
    expect(() => parseConfig({ ALLOW_DEV_TRON_KEY: "sure" })).toThrow(
      /^Invalid configuration: ALLOW_DEV_TRON_KEY must be true or false \(got "sure"\)$/,
    );
  });
});

describe("extended keys in configuration errors", () => {
  const xprv = HDKey.fromMasterSeed(new Uint8Array(32).fill(5)).privateExtendedKey;
  const accountXprv = HDKey.fromMasterSeed(new Uint8Array(32).fill(5)).derive("m/44'/195'/0'").privateExtendedKey;
  const messageOf = (env: Record<string, string>) => {
    try {
      parseConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error("parseConfig accepted the environment");
  };

  it("names a bad TRON_XPUB without echoing it, a private key least of all", () => {
    for (const value of [
      xprv,
      accountXprv,
      "xpub6-not-a-key",
      "tprv8ZgxMBicQKsPd9TeAdPADNnSyH9SSUUbTVeFszDE23Ki6TBB5nCefAdHkK8Fm3qMQR6sHwA56zqRmKmxnHk37JkiFzvncDqoKmPWubu7hDF",
    ]) {
      expect(messageOf({ TRON_XPUB: value })).toBe(
        "Invalid configuration: TRON_XPUB must be the account-level extended public key (xpub…) of m/44'/195'/0'",
      );
    }
  });

  it("never echoes an extended key pasted into another variable", () => {
    for (const value of [xprv, accountXprv, HDKey.fromMasterSeed(new Uint8Array(32).fill(5)).publicExtendedKey]) {
      for (const name of ["TRON_API_URL", "BRAND_NAME", "PRODUCT_SLUG", "TELEGRAM_CHANNEL_URL"]) {
        const message = messageOf({ [name]: `  ${value}` });
        expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
        expect(message).not.toContain(value.slice(4, 20));
        expect(message).toContain("[redacted extended key]");
      }
    }
  });
});

describe("CLIENT_COUNTRY_HEADER", () => {
  it("is off by default and names a header otherwise, in lower case", () => {
    expect(parseConfig({}).clientCountryHeader).toBeUndefined();
    expect(parseConfig({ CLIENT_COUNTRY_HEADER: "CF-IPCountry" }).clientCountryHeader).toBe("cf-ipcountry");
  });

  it("refuses something that is not a header name", () => {
    expect(() => parseConfig({ CLIENT_COUNTRY_HEADER: "CF IPCountry:" })).toThrow(
      /^Invalid configuration: CLIENT_COUNTRY_HEADER must be a header name, e\.g\. CF-IPCountry \(got "CF IPCountry:"\)$/,
    );
  });
});
