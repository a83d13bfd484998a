import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubConfigEnv, withTestDataDir } from "../../../tests/helpers/env.ts";
import { captureLogLines } from "../../../tests/helpers/log-capture.ts";
import { sentEmails } from "../../../tests/helpers/sent-emails.ts";
import { resetSingleton, setSingleton } from "../../lib/singleton.ts";
import type * as EmailLinkStore from "./email-link-store.ts";
import { sendVerificationEmail } from "./send-verification-email.ts";

withTestDataDir("verification-email", {
  PUBLIC_URL: "https://signals.example",
  BRAND_NAME: "Acme Signals",
  ALLOW_DEV_TRON_KEY: "true",
});

// The email as it leaves, whatever the transport.
vi.mock("../../email/send-email.ts", async (importOriginal) =>
  (await import("../../../tests/helpers/sent-emails.ts")).capturingSendEmail(await importOriginal()),
);
const sent = sentEmails;

// The link store has its own tests (tests/integration/auth/email-auth.test.ts); here it hands out a
// known link id, so the email can be compared word for word, and records what it was asked to keep.
const remembered = vi.hoisted(() => [] as Array<Parameters<typeof EmailLinkStore.rememberEmailLink>[0]>);
vi.mock("./email-link-store.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof EmailLinkStore>()),
  rememberEmailLink: async (options: Parameters<typeof EmailLinkStore.rememberEmailLink>[0]) => {
    remembered.push(options);
    return "link-id-Vb7Kq2";
  },
}));
// Stands for the process database: the link must be kept there (the store is mocked, so no query runs).
const processDb = { name: "the process database" };

let logged: ReturnType<typeof captureLogLines>;
beforeEach(() => {
  sent.length = 0;
  remembered.length = 0;
  setSingleton("database", { db: processDb, close: async () => {} });
  // Unscrubbed: what is proved is whether the code hands the link to the log at all.
  logged = captureLogLines({ level: "trace" });
  setSingleton("logger", logged.log);
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetSingleton("config");
  resetSingleton("logger");
});

// Better Auth's tokens are JWTs; only the payload's addresses are read.
const tokenFor = (payload: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.signature`;
const verifyToken = tokenFor({ email: "ada@example.com" });
const changeToken = tokenFor({ email: "ada@example.com", updateTo: "ada@new.example" });
const link = "https://signals.example/verify-email?token=link-id-Vb7Kq2";

describe("the email that verifies a new member's address", () => {
  it("greets by first name, names the address, says the link works once for 24 hours, and carries the link", async () => {
    stubConfigEnv({ NODE_ENV: "development" });
    await sendVerificationEmail({ userId: "user-1", to: "ada@example.com", name: "Ada Lovelace", token: verifyToken });
    expect(remembered).toEqual([{ db: processDb, token: verifyToken, userId: "user-1", kind: "verify" }]);
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email!.to).toBe("ada@example.com");
    expect(email!.subject).toBe("Verify your Acme Signals email address");
    expect(email!.text).toBe(
      "Hi Ada,\n\n" +
        ("Please confirm that ada@example.com is the email address of your Acme Signals account. " +
          "The link below works once and expires in 24 hours.\n\n") +
        "If you did not create an account, ignore this email.\n\n" +
        "Verify email: https://signals.example/verify-email?token=link-id-Vb7Kq2\n\n" +
        "— Acme Signals\n",
    );
    expect(email!.html).toContain(">Verify your email address</h1>");
    expect(email!.html).toContain(">Hi Ada,</p>");
    expect(email!.html).toContain(
      ">Please confirm that ada@example.com is the email address of your Acme Signals account. " +
        "The link below works once and expires in 24 hours.</p>",
    );
    expect(email!.html).toContain(">If you did not create an account, ignore this email.</p>");
    expect(email!.html).toContain('<a href="https://signals.example/verify-email?token=link-id-Vb7Kq2"');
    expect(email!.html).toContain(">Verify email</a>");
  });

  it('says "Hi there," when the name has no first word', async () => {
    stubConfigEnv({ NODE_ENV: "development" });
    await sendVerificationEmail({ userId: "user-1", to: "ada@example.com", name: " Lovelace", token: verifyToken });
    expect(sent[0]!.text.split("\n\n")[0]).toBe("Hi there,");
    expect(sent[0]!.html).toContain(">Hi there,</p>");
  });

  it("treats a token whose addresses cannot be read as a verification, not an email change", async () => {
    stubConfigEnv({ NODE_ENV: "development" });
    await sendVerificationEmail({ userId: "user-1", to: "ada@example.com", name: "Ada", token: "not-a-jwt" });
    expect(remembered).toEqual([{ db: processDb, token: "not-a-jwt", userId: "user-1", kind: "verify" }]);
    expect(sent[0]!.subject).toBe("Verify your Acme Signals email address");
  });
});

describe("the email that confirms a new address after an email change request", () => {
  it("goes to the new address, says it confirms the change, and carries the link", async () => {
    stubConfigEnv({ NODE_ENV: "development" });
    await sendVerificationEmail({ userId: "user-1", to: "ada@new.example", name: "Ada Lovelace", token: changeToken });
    expect(remembered).toEqual([{ db: processDb, token: changeToken, userId: "user-1", kind: "change" }]);
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email!.to).toBe("ada@new.example");
    expect(email!.subject).toBe("Confirm your new Acme Signals email address");
    expect(email!.text).toBe(
      "Hi Ada,\n\n" +
        ("You asked to use ada@new.example for your Acme Signals account. Confirm it with the link " +
          "below: it works once and expires in 24 hours.\n\n") +
        "If you did not ask for this, ignore this email: nothing changes.\n\n" +
        "Confirm new email: https://signals.example/verify-email?token=link-id-Vb7Kq2\n\n" +
        "— Acme Signals\n",
    );
    expect(email!.html).toContain(">Confirm your new email address</h1>");
    expect(email!.html).toContain(">Hi Ada,</p>");
    expect(email!.html).toContain(
      ">You asked to use ada@new.example for your Acme Signals account. Confirm it with the link " +
        "below: it works once and expires in 24 hours.</p>",
    );
    expect(email!.html).toContain(">If you did not ask for this, ignore this email: nothing changes.</p>");
    expect(email!.html).toContain('<a href="https://signals.example/verify-email?token=link-id-Vb7Kq2"');
    expect(email!.html).toContain(">Confirm new email</a>");
  });
});

const logLines = () =>
  logged
    .output()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the verification link in the log", () => {
  it("in development without SMTP, is logged so it can be followed locally", async () => {
    stubConfigEnv({ NODE_ENV: "development" });
    await sendVerificationEmail({ userId: "user-1", to: "ada@example.com", name: "Ada", token: verifyToken });
    expect(logLines()).toContainEqual(expect.objectContaining({ msg: "email verification link (dev outbox)", link }));
  });

  it("is never logged in production, even without SMTP", async () => {
    stubConfigEnv({ NODE_ENV: "production" });
    await sendVerificationEmail({ userId: "user-1", to: "ada@example.com", name: "Ada", token: verifyToken });
    expect(sent).toHaveLength(1);
    expect(logged.output()).not.toContain("link-id-Vb7Kq2");
  });

  it("is never logged when SMTP delivers the mail, even in development", async () => {
    stubConfigEnv({ NODE_ENV: "development", SMTP_URL: "smtp://mail.example:2525" });
    await sendVerificationEmail({ userId: "user-1", to: "ada@example.com", name: "Ada", token: verifyToken });
    expect(sent).toHaveLength(1);
    expect(logged.output()).not.toContain("link-id-Vb7Kq2");
  });
});
