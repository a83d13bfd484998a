import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.ts";
import { applyLocalRunDefaults } from "./local-run.ts";

describe("applyLocalRunDefaults", () => {
  it("turns a bare `npm start` into a local trial that the production checks accept", () => {
    const env: NodeJS.ProcessEnv = { PORT: "4000" };
    expect(applyLocalRunDefaults(env)).toBe(
      "NODE_ENV is not set: running as a local trial (links point at http://localhost:4000; " +
        "deposit addresses come from the development key). A deployment sets NODE_ENV=production, " +
        "PUBLIC_URL and TRON_XPUB.",
    );
    expect(env).toEqual({
      PORT: "4000",
      NODE_ENV: "production",
      PUBLIC_URL: "http://localhost:4000",
      ALLOW_DEV_TRON_KEY: "true",
    });
    expect(parseConfig(env).isProduction).toBe(true);
  });

  it("keeps what the environment chose, and leaves an explicit production alone", () => {
    const chosen: NodeJS.ProcessEnv = { PUBLIC_URL: "https://signals.example", TRON_XPUB: "xpub…" };
    expect(applyLocalRunDefaults(chosen)).toContain("running as a local trial.");
    expect(chosen).toEqual({ PUBLIC_URL: "https://signals.example", TRON_XPUB: "xpub…", NODE_ENV: "production" });
    const deployment: NodeJS.ProcessEnv = { NODE_ENV: "production" };
    expect(applyLocalRunDefaults(deployment)).toBeNull();
    expect(deployment).toEqual({ NODE_ENV: "production" });
    expect(() => parseConfig(deployment)).toThrow(/PUBLIC_URL is required in production/);
  });
});
