import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { expect, test } from "../support/fixtures";
import { createMember, markEmailVerified, signInNewMember, submitSignUp } from "../support/member";
import { latestMail, linkIn } from "../support/outbox";

/*
 * The account forms with scripts off (or not loaded yet): each posts to its route's action as a
 * plain form, and the page the server answers with says what happened, in the same words and
 * places as with JavaScript: success, and the main refusals.
 */
test.use({
  javaScriptEnabled: false,
  // A refused form is answered with its page and the refusal's status (400, 401, 409, 429),
  // which the browser logs; that is the answer these tests ask for.
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 4\d\d/],
});

const unique = () => crypto.randomBytes(4).toString("hex");

test.describe("sign in", () => {
  test("a wrong password comes back with the alert and the address kept; the right one signs in and goes on", async ({
    page,
    app,
  }) => {
    const email = `nojs-${unique()}@example.com`;
    await createMember(app, email);
    await page.goto("/signin?redirectTo=%2Fdashboard%3Fsection%3Dbilling");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong12345");
    await page.getByRole("button", { name: "Continue" }).click();

    const alert = page.getByRole("alert");
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText("Sign in failed");
    await expect(alert).toContainText("Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await page.getByLabel("Password", { exact: true }).fill("Analytical1");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=billing$/);
  });

  test("an attempt held back by the sign-in slowdown says when to try again, from Retry-After", async ({
    page,
    app,
  }) => {
    const email = `slow-${unique()}@example.com`;
    await createMember(app, email);
    // Ten recent failures for this address from this browser (the server sees 127.0.0.1): the
    // slowdown then asks for 128 s after the latest, without spending the address's sign-in limit.
    const { db } = app.testing.getDatabase();
    await db.execute(sql`insert into rate_limits (key, count, reset_at)
      values (${`sign-in-failures:${email}:ip:127.0.0.1`}, 10, now() + interval '1 hour')`);

    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Analytical1");
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/signin"));
    await page.getByRole("button", { name: "Continue" }).click();
    const response = await answered;
    expect(response.status()).toBe(429);
    const wait = Number(response.headers()["retry-after"]);
    expect(wait).toBeGreaterThan(120);
    expect(wait).toBeLessThanOrEqual(128);
    await expect(page.getByRole("alert")).toHaveText(/Sign in failed\s*Too many attempts\. Try again in 3 minutes\./);
  });
});

/**
 * The toast a redirect leaves ("Welcome back!") is in the page the server renders, as a status
 * line, once: the next page no longer has it.
 */
async function expectWelcomeOnce(page: Page) {
  const welcome = page.getByRole("status").filter({ hasText: "Welcome back!" });
  await expect(welcome).toHaveText(/Welcome back!\s*You've successfully signed in\./);
  await page.reload();
  await expect(page.getByText("Welcome back!")).toHaveCount(0);
}

test.describe("sign in with a code", () => {
  test("the address, a wrong code kept on the code step, then the right code signs in", async ({ page, app }) => {
    const email = `nojs-code-${unique()}@example.com`;
    const { userId } = await createMember(app, email);
    await markEmailVerified(app, userId);

    await page.goto("/signin?redirectTo=%2Fdashboard%3Fsection%3Dbilling");
    await page.getByRole("link", { name: "Email me a sign-in code" }).click();
    await expect(page).toHaveURL(/\/signin\/code\?redirectTo=%2Fdashboard%3Fsection%3Dbilling$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in code" }).click();
    await expect(page.getByText("If an account uses this address, we have emailed it a sign-in code.")).toContainText(
      email,
    );
    await expect(page.getByRole("button", { name: "Resend code" })).toBeEnabled();
    await expect.poll(() => latestMail(app.dataDir, email)).toMatch(/sign-in code is \d{6}/);
    const code = /sign-in code is (\d{6})/.exec(latestMail(app.dataDir, email)!)![1]!;

    await page.getByLabel("Sign-in code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toHaveCount(1);
    await expect(alert).toHaveText(/Sign in failed\s*Invalid or expired code/);
    // Still the code step, for the same address.
    await expect(page.getByText("we have emailed it a sign-in code.")).toContainText(email);

    await page.getByLabel("Sign-in code").fill(code);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=billing$/);
    await expectWelcomeOnce(page);
  });
});

test.describe("two-factor sign-in", () => {
  test("the password, then a wrong code said at the field, then the code from the app signs in", async ({
    page,
    app,
    context,
  }) => {
    const member = await signInNewMember(app, context);
    // Two-factor turned on through the dashboard's own calls (the card needs scripts; signing in does not).
    const enabled = await page.request.post("/api/dashboard/two-factor/enable", {
      data: { password: member.password },
    });
    expect(enabled.status()).toBe(200);
    const { secret } = (await enabled.json()) as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    const confirmed = await page.request.post("/api/dashboard/two-factor/confirm", { data: { code: totp.generate() } });
    expect(confirmed.status()).toBe(200);
    await context.clearCookies();

    await page.goto("/signin?redirectTo=%2Fdashboard%3Fsection%3Duser-info");
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/signin\/two-factor\?redirectTo=%2Fdashboard%3Fsection%3Duser-info$/);
    await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();

    const wrong = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, "0");
    await page.getByLabel("Code").fill(wrong);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/signin\/two-factor/);
    const error = page.getByRole("alert");
    await expect(error).toHaveCount(1);
    await expect(error).toHaveText(/^That code is not correct\. /);
    await expect(page.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Code").fill(totp.generate());
    await page.getByLabel("Trust this device for 30 days").check();
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);
    await expectWelcomeOnce(page);
    // The box was posted: this browser is trusted now.
    expect((await context.cookies()).some((cookie) => /trust_device/.test(cookie.name))).toBe(true);
  });
});

test.describe("sign-up (/join/details)", () => {
  test("the button works before scripts; the server names each missing field and box", async ({ page }) => {
    await page.goto("/join/details");
    const go = page.getByRole("button", { name: "Continue to Pay" });
    await expect(go).toBeEnabled();
    await page.getByLabel("First Name*").fill("Ada");
    await go.click();

    await expect(page.getByText("Last name is required")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Please accept the Terms of Service and Privacy Policy")).toBeVisible();
    await expect(page.getByText("Please confirm you will only trade with money you can afford to lose")).toBeVisible();
    await expect(page.getByLabel("First Name*")).toHaveValue("Ada");
    // Field problems show at their fields, not again in a form-wide alert.
    await expect(page.getByText("Sign up failed")).toHaveCount(0);
  });

  test("a duplicate email is refused once, with a way to sign in; a new one opens the account", async ({
    page,
    app,
  }) => {
    const taken = `taken-${unique()}@example.com`;
    await createMember(app, taken);
    const fill = (email: string) =>
      submitSignUp(page, {
        firstName: "Dup",
        lastName: "Licate",
        email,
        password: "Пароль123",
        telegram: "duplicate_user",
      });
    await page.goto("/join/details");
    await fill(taken);
    const alert = page.getByRole("alert");
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText("Sign up failed");
    await expect(alert).toContainText("An account with this email already exists. Please sign in instead.");
    await expect(alert.getByRole("link", { name: "Sign in to your account" })).toHaveAttribute("href", "/signin");
    await expect(page.getByLabel("Last Name*")).toHaveValue("Licate");
    await expect(page.getByLabel(/I accept the Terms of Service/)).toBeChecked();

    // A Cyrillic password meets the policy: letters of any alphabet count.
    await fill(`fresh-${unique()}@example.com`);
    await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
  });
});

test.describe("forgot and reset password", () => {
  test("a bad address, the link sent, a refused and an accepted new password, then a used link", async ({
    page,
    app,
  }) => {
    const email = `nojs-reset-${unique()}@example.com`;
    const { userId } = await createMember(app, email);
    await markEmailVerified(app, userId);

    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Invalid email\s*Please enter a valid email address/);
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toContainText(
      "We've sent you a password reset link. Please check your inbox.",
    );
    await page.getByRole("button", { name: "Send Another Link" }).click();
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();

    const link = new URL(linkIn(latestMail(app.dataDir, email)!, "/reset-password?token=")!);
    await page.goto(link.pathname + link.search);
    await page.getByLabel("New password").fill("Newpassword1");
    await page.getByLabel("Confirm password").fill("Different1");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /Passwords don't match\s*Please make sure both passwords are the same\./,
    );
    await page.getByLabel("New password").fill("weakpass");
    await page.getByLabel("Confirm password").fill("weakpass");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /Weak password\s*Password must contain at least one uppercase letter/,
    );
    await page.getByLabel("New password").fill("Éléphant2026");
    await page.getByLabel("Confirm password").fill("Éléphant2026");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/signin$/);

    // Used once: the link now lands where a new one is asked for, saying why, once.
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(/\/forgot-password\?link=expired$/);
    await expect(page.getByRole("alert")).toHaveText(
      /Invalid or expired link\s*Please request a new password reset link\./,
    );
    await expect(page.getByText("Invalid or expired link")).toHaveCount(1);

    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Éléphant2026");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an unknown reset link says so once", async ({ page }) => {
    await page.goto(`/reset-password?token=${crypto.randomBytes(24).toString("base64url")}`);
    await expect(page).toHaveURL(/\/forgot-password\?link=expired$/);
    await expect(page.getByRole("alert")).toHaveText(
      /Invalid or expired link\s*Please request a new password reset link\./,
    );
    await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  });
});
