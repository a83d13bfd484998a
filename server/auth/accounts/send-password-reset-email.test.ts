import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mailsTo } from "../../../tests/helpers/email-outbox.ts";
import { withTestDataDir } from "../../../tests/helpers/env.ts";
import { captureLogLines } from "../../../tests/helpers/log-capture.ts";
import { resetSingleton, setSingleton } from "../../lib/singleton.ts";
import { sendPasswordResetEmail } from "./send-password-reset-email.ts";

// No SMTP_URL: mail goes to the outbox in DATA_DIR, the case where the link used to be logged.
const dataDir = withTestDataDir("reset-link-log", {
  PUBLIC_URL: "https://signals.example",
  ALLOW_DEV_TRON_KEY: "true",
});

let logged: ReturnType<typeof captureLogLines>;
beforeEach(() => {
  // Every line the code writes, unscrubbed (no production link redaction): what is proved here
  // is that no code path hands the link to the log, not that the safety net catches it.
  logged = captureLogLines({ level: "trace" });
  setSingleton("logger", logged.log);
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetSingleton("config");
  resetSingleton("logger");
});

const token = "reset-token-Qw8zT3";
const send = () =>
  sendPasswordResetEmail({
    to: "ada@example.com",
    name: "Ada Lovelace",
    token,
    url: `https://signals.example/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent("https://signals.example/reset-password")}`,
  });

describe("the password reset email without SMTP", () => {
  it("in production, logs no line containing the link or its token (the link is only in the outbox file)", async () => {
    vi.stubEnv("NODE_ENV", "production");
    resetSingleton("config");
    await send();
    const log = logged.output();
    expect(log).toContain("email written to the dev outbox");
    expect(log).not.toContain(token);
    expect(log).not.toContain("reset-password?");
    const outbox = path.join(dataDir, "outbox");
    const message = fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), "utf8"))
      .find((m) => m.includes(token));
    expect(message, "the message, with its link, is in the outbox").toBeDefined();
    expect(fs.statSync(outbox).mode & 0o777).toBe(0o700);
  });

  it("in development, logs the link so it can be followed locally", async () => {
    vi.stubEnv("NODE_ENV", "development");
    resetSingleton("config");
    await send();
    expect(logged.output()).toContain(`https://signals.example/reset-password?token=${token}`);
  });
});

describe("the password reset email's link and greeting", () => {
  const linkLogged = () => /"link":"([^"]+)"/.exec(logged.output())?.[1];
  beforeEach(() => {
    // Development: the link is in the log, where it is read back here.
    vi.stubEnv("NODE_ENV", "development");
    resetSingleton("config");
  });

  it("without a full callback URL from Better Auth, links to the reset page of PUBLIC_URL", async () => {
    for (const url of [
      `/api/auth/reset-password/${token}`,
      `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`,
    ]) {
      logged = captureLogLines({ level: "trace" });
      setSingleton("logger", logged.log);
      await sendPasswordResetEmail({ to: "ada@example.com", name: "Ada Lovelace", token, url });
      expect(linkLogged()).toBe(`https://signals.example/reset-password?token=${token}`);
    }
  });

  it("without PUBLIC_URL either, links to the reset page on this server's port", async () => {
    vi.stubEnv("PUBLIC_URL", undefined);
    vi.stubEnv("PORT", "4123");
    resetSingleton("config");
    await sendPasswordResetEmail({
      to: "ada@example.com",
      name: "Ada Lovelace",
      token,
      url: `/api/auth/reset-password/${token}`,
    });
    expect(linkLogged()).toBe(`http://localhost:4123/reset-password?token=${token}`);
  });

  it('greets by first name, or with "Hi there" when the account has no name', async () => {
    await sendPasswordResetEmail({
      to: "grace@example.com",
      name: "Grace Hopper",
      token,
      url: `/api/auth/reset-password/${token}`,
    });
    await sendPasswordResetEmail({
      to: "nameless@example.com",
      name: "",
      token,
      url: `/api/auth/reset-password/${token}`,
    });
    expect(mailsTo(dataDir, "grace@example.com")[0]).toContain("Hi Grace,");
    expect(mailsTo(dataDir, "nameless@example.com")[0]).toContain("Hi there,");
  });
});
