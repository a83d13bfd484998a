import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubConfigEnv, withTestDataDir } from "../../../tests/helpers/env.ts";
import { captureLogLines } from "../../../tests/helpers/log-capture.ts";
import { sentEmails } from "../../../tests/helpers/sent-emails.ts";
import { resetSingleton, setSingleton } from "../../lib/singleton.ts";
import { sendSignInCodeEmail, sendSignInCodeRefusedEmail } from "./send-sign-in-code-email.ts";

withTestDataDir("sign-in-code-email", {
  PUBLIC_URL: "https://signals.example",
  BRAND_NAME: "Acme Signals",
  ALLOW_DEV_TRON_KEY: "true",
});

// The email as it leaves, whatever the transport.
vi.mock("../../email/send-email.ts", async (importOriginal) =>
  (await import("../../../tests/helpers/sent-emails.ts")).capturingSendEmail(await importOriginal()),
);
const sent = sentEmails;

let logged: ReturnType<typeof captureLogLines>;
beforeEach(() => {
  sent.length = 0;
  // Unscrubbed: what is proved is whether the code hands the sign-in code to the log at all.
  logged = captureLogLines({ level: "trace" });
  setSingleton("logger", logged.log);
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetSingleton("config");
  resetSingleton("logger");
});

describe("the sign-in code email", () => {
  it("puts the code in the subject and says how long it lasts, that it works once and what to do if unasked", async () => {
    stubConfigEnv({ NODE_ENV: "development" });
    await sendSignInCodeEmail({ to: "ada@example.com", code: "482913" });
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email!.to).toBe("ada@example.com");
    expect(email!.subject).toBe("482913 is your Acme Signals sign-in code");
    expect(email!.text).toBe(
      "Your Acme Signals sign-in code is 482913.\n\n" +
        "Enter it on the sign-in page within 10 minutes. It works once.\n\n" +
        "If you did not ask for a code, ignore this email: nobody can sign in without it.\n\n" +
        "— Acme Signals\n",
    );
    expect(email!.html).toContain(">Your sign-in code</h1>");
    expect(email!.html).toContain(">Your Acme Signals sign-in code is 482913.</p>");
    expect(email!.html).toContain(">Enter it on the sign-in page within 10 minutes. It works once.</p>");
    expect(email!.html).toContain(
      ">If you did not ask for a code, ignore this email: nobody can sign in without it.</p>",
    );
    // The code is typed, not followed: the email has no button.
    expect(email!.html).not.toContain("<a ");
  });

  it("never writes the code to the log, even in development without SMTP", async () => {
    stubConfigEnv({ NODE_ENV: "development" });
    await sendSignInCodeEmail({ to: "ada@example.com", code: "482913" });
    expect(logged.output()).not.toContain("482913");
  });
});

describe("the email sent instead of a code to an account with two-factor on", () => {
  it("says why no code came and links to the password sign-in", async () => {
    stubConfigEnv({ NODE_ENV: "development" });
    await sendSignInCodeRefusedEmail({ to: "ada@example.com" });
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email!.to).toBe("ada@example.com");
    expect(email!.subject).toBe("Sign in to Acme Signals with your password");
    expect(email!.text).toBe(
      "Someone asked for a Acme Signals sign-in code for this address.\n\n" +
        ("Your account has two-factor sign-in turned on, so sign-in codes by email are off for it: " +
          "sign in with your password and the code from your authenticator app (or a backup " +
          "code).\n\n") +
        "If you did not ask, ignore this email: nothing has changed.\n\n" +
        "Sign in: https://signals.example/signin\n\n" +
        "— Acme Signals\n",
    );
    expect(email!.html).toContain(">Sign in with your password</h1>");
    expect(email!.html).toContain(">Someone asked for a Acme Signals sign-in code for this address.</p>");
    expect(email!.html).toContain(
      ">Your account has two-factor sign-in turned on, so sign-in codes by email are off for it: " +
        "sign in with your password and the code from your authenticator app (or a backup " +
        "code).</p>",
    );
    expect(email!.html).toContain(">If you did not ask, ignore this email: nothing has changed.</p>");
    expect(email!.html).toContain('<a href="https://signals.example/signin"');
    expect(email!.html).toContain(">Sign in</a>");
  });
});
