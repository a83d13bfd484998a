import { HDKey } from "@scure/bip32";
import { describe, expect, it } from "vitest";
import { captureLogLines } from "../../tests/helpers/log-capture.ts";

const master = HDKey.fromMasterSeed(new Uint8Array(32).fill(11));
const xprv = master.privateExtendedKey;
const accountXpub = master.derive("m/44'/195'/0'").publicExtendedKey;
const tprv =
  "tprv8ZgxMBicQKsPd9TeAdPADNnSyH9SSUUbTVeFszDE23Ki6TBB5nCefAdHkK8Fm3qMQR6sHwA56zqRmKmxnHk37JkiFzvncDqoKmPWubu7hDF";

describe("the logger", () => {
  it("never writes an extended key, whatever field or message carries it", () => {
    const { log, output } = captureLogLines();
    log.info({ xprv, xpub: accountXpub, seedHex: "00ff" }, "known fields");
    log.info({ wallet: { xpub: accountXpub, note: `imported ${tprv}` } }, "nested");
    log.warn({ auth: true, detail: [`key ${xprv}`] }, "an unknown field, as Better Auth's details are");
    log.error({ err: new Error(`could not derive from ${xprv}`) }, "an error's message and stack");
    log.info(`a message naming ${accountXpub} and ${tprv}`);
    log.child({ key: xprv }).info("a child's bindings");
    const text = output();
    expect(text.split("\n").filter(Boolean)).toHaveLength(6);
    for (const key of [xprv, accountXpub, tprv]) expect(text).not.toContain(key.slice(4, 24));
    expect(text).toContain("[redacted extended key]");
    // Prose about keys survives: only key material is replaced.
    log.info("set TRON_XPUB to the account xpub (m/44'/195'/0')");
    expect(output()).toContain("set TRON_XPUB to the account xpub (m/44'/195'/0')");
  });

  it("in production, replaces the token of any reset or newsletter link it is handed", () => {
    const { log, output } = captureLogLines({ redactLinks: true });
    log.info({ link: "https://signals.example/reset-password?token=Zx9-secret_1" }, "a reset link");
    log.info({ path: "/api/auth/reset-password/Zx9secret2?callbackURL=%2F" }, "Better Auth's reset path");
    log.info("unsubscribe https://signals.example/newsletter/unsubscribe?id=4&token=Zx9secret3#top");
    const text = output();
    expect(text).not.toMatch(/Zx9/);
    expect(text).toContain("https://signals.example/reset-password?token=[redacted]");
    expect(text).toContain("/api/auth/reset-password/[redacted]?callbackURL=%2F");
    expect(text).toContain("?id=4&token=[redacted]#top");
  });

  it("in development, leaves links whole (the reset link is logged to be followed locally)", () => {
    const { log, output } = captureLogLines({ redactLinks: false });
    log.info({ link: "http://localhost:3000/reset-password?token=dev-token" }, "password reset link (dev outbox)");
    expect(output()).toContain("http://localhost:3000/reset-password?token=dev-token");
  });
});
