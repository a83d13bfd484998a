import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.ts";

describe("PUBLIC_URL and TRUST_PROXY", () => {
  it("PUBLIC_URL is required in production, with one clear line", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(
      /^Invalid configuration: PUBLIC_URL is required in production \(the address members use, e\.g\. https:\/\/example\.com\)$/,
    );
    expect(
      parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://signals.example/", ALLOW_DEV_TRON_KEY: "true" })
        .publicUrl,
    ).toBe("https://signals.example");
    // Development and tests link to the listening address instead.
    expect(parseConfig({ NODE_ENV: "development" }).publicUrl).toBeUndefined();
  });

  it("TRUST_PROXY becomes Express's setting: nobody, a hop count or proxy addresses", () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toEqual(["loopback", "10.0.0.0/8"]);
  });
});
