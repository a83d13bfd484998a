import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubConfigEnv, withTestDataDir } from "../../../../tests/helpers/env.ts";
import { captureLogLines } from "../../../../tests/helpers/log-capture.ts";
import { sentEmails } from "../../../../tests/helpers/sent-emails.ts";
import { resetSingleton, setSingleton } from "../../../lib/singleton.ts";
import { sendStaffInvitationEmail } from "./send-staff-invitation-email.ts";

withTestDataDir("staff-invitation-email", {
  PUBLIC_URL: "https://signals.example",
  BRAND_NAME: "Acme Signals",
  ALLOW_DEV_TRON_KEY: "true",
});

// The email as it leaves, whatever the transport.
vi.mock("../../../email/send-email.ts", async (importOriginal) =>
  (await import("../../../../tests/helpers/sent-emails.ts")).capturingSendEmail(await importOriginal()),
);
const sent = sentEmails;

let logged: ReturnType<typeof captureLogLines>;
beforeEach(() => {
  sent.length = 0;
  // Unscrubbed: what is proved is whether the code hands the link to the log at all.
  logged = captureLogLines({ level: "trace" });
  setSingleton("logger", logged.log);
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetSingleton("config");
  resetSingleton("logger");
});

const token = "invite-token-Zx9Qa2";
const send = () =>
  sendStaffInvitationEmail({ to: "eve@example.com", role: "editor", invitedBy: "owner@example.com", token });

describe("the staff invitation email", () => {
  it("says who invites, as what, for how long, what comes next, and carries the link", async () => {
    stubConfigEnv({ NODE_ENV: "development" });
    await send();
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email!.to).toBe("eve@example.com");
    expect(email!.subject).toBe("You are invited to the Acme Signals back office");
    expect(email!.text).toBe(
      "Hi,\n\n" +
        "owner@example.com invites you to join the Acme Signals back office as Editor.\n\n" +
        ("The link below works once and expires in 72 hours. If you already have a Acme Signals " +
          "account with this address, sign in and accept; if not, you choose your name and " +
          "password.\n\n") +
        ("Staff sign in with two-factor authentication: you will be asked to turn it on before the " +
          "back office opens.\n\n") +
        "If you did not expect this, ignore this email.\n\n" +
        "Accept the invitation: https://signals.example/staff-invitation?token=invite-token-Zx9Qa2\n\n" +
        "— Acme Signals\n",
    );
    expect(email!.html).toContain(">Join the back office</h1>");
    expect(email!.html).toContain('<a href="https://signals.example/staff-invitation?token=invite-token-Zx9Qa2"');
    expect(email!.html).toContain(">Accept the invitation</a>");
    expect(email!.html).toContain(">If you did not expect this, ignore this email.</p>");
  });

  it("in development without SMTP, logs the link so it can be followed locally", async () => {
    stubConfigEnv({ NODE_ENV: "development" });
    await send();
    expect(logged.output()).toContain("https://signals.example/staff-invitation?token=invite-token-Zx9Qa2");
  });

  it("never logs the link in production, nor when SMTP delivers the mail", async () => {
    stubConfigEnv({ NODE_ENV: "production" });
    await send();
    stubConfigEnv({ NODE_ENV: "development", SMTP_URL: "smtp://mail.example:2525" });
    await send();
    expect(sent).toHaveLength(2);
    expect(logged.output()).not.toContain(token);
  });
});
