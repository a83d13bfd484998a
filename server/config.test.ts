import path from "node:path";
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
    [{ TRUST_PROXY: "maybe" }, /^Invalid configuration: TRUST_PROXY must be true or false/],
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
    for (const bad of ["xpub-not-a-key", "tpubD6NzVbkrYhZ4X", "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi"]) {
      expect(() => parseConfig({ TRON_XPUB: bad })).toThrow(/^Invalid configuration: TRON_XPUB must be the account-level extended public key/);
    }
  });
});

describe("secrets in errors", () => {
  it("names a bad secret without printing it", () => {
    expect(() => parseConfig({ OPS_TOKEN: "short-secret" })).toThrow(/^Invalid configuration: OPS_TOKEN must be at least 24 characters$/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://user:pw@host/db" })).toThrow(/^Invalid configuration: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/$/);
  });
});
