import type { Page } from "@playwright/test";
import { answered } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { markEmailVerified, openDashboard, signInNewMember, waitForHydration } from "../support/member";
import { latestMail, linkIn } from "../support/outbox";

// Email verification, email change and one-time code sign-in, through the dev outbox.

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;
const banner = (page: Page) => page.locator('[data-slot="email-verification-banner"]');

test("the link and code pages are never cached (they carry tokens and change state)", async ({ request }) => {
  for (const path of ["/verify-email?token=x", "/signin/code"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], path).toBe("no-store");
    expect(response.headers()["x-page-cache"], path).toBeUndefined();
  }
});

test("verification: the dashboard banner until verified, Resend, and a link that works once", async ({
  page,
  app,
  context,
}) => {
  const member = await signInNewMember(app, context);
  await expect.poll(() => latestMail(app.dataDir, member.email)).toContain("/verify-email?token=");
  const first = linkIn(latestMail(app.dataDir, member.email)!, "/verify-email?token=")!;

  await openDashboard(page);
  await expect(banner(page)).toContainText("Please verify your email address");
  await expect(banner(page)).toContainText(member.email);
  await expectAccessible(page, "dashboard with the verification banner");
  await answered(page, () => banner(page).getByRole("button", { name: "Resend" }).click());
  await expect(toast(page, "Verification email sent. Check your inbox.")).toBeVisible();
  await expect.poll(() => linkIn(latestMail(app.dataDir, member.email) ?? "", "/verify-email?token=")).not.toBe(first);
  const link = linkIn(latestMail(app.dataDir, member.email)!, "/verify-email?token=")!;
  expect(latestMail(app.dataDir, member.email)).toContain("expires in 24 hours");

  // The new link only asks until its button is pressed.
  await page.goto(pathOf(link));
  await expect(page.getByRole("heading", { name: "Verify your email address" })).toBeVisible();
  await expectAccessible(page, "the verification page");
  await page.getByRole("button", { name: "Verify email" }).click();
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();

  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await waitForHydration(page);
  await expect(banner(page)).toHaveCount(0);
  await openDashboard(page, "user-info");
  await expect(page.getByRole("group", { name: "Email" }).getByText("Verified", { exact: true })).toBeVisible();

  // Used once, and the link Resend replaced is dead too. Both pages answer 400, which the
  // browser reports in the console: expected here, at the end.
  page.removeAllListeners("console");
  for (const dead of [link, first]) {
    await page.goto(pathOf(dead));
    await expect(page.getByRole("heading", { name: "Invalid or expired link" })).toBeVisible();
  }
});

test("email change: confirmed from the new address, the old one told", async ({ page, app, context }) => {
  const member = await signInNewMember(app, context);
  const target = `new-${member.email}`;

  // Not yet verified: the dialog says so and offers no form.
  await openDashboard(page, "user-info");
  await page.getByRole("button", { name: "Edit Email" }).click();
  const unverified = page.getByRole("dialog", { name: "Change email" });
  await expect(unverified).toContainText("Verify your current email address before changing it");
  await expect(unverified.getByLabel("New email")).toHaveCount(0);
  await answered(page, () => unverified.getByRole("button", { name: "Resend verification email" }).click());
  await expect(toast(page, "Verification email sent. Check your inbox.")).toBeVisible();
  await page.keyboard.press("Escape");

  await markEmailVerified(app, member.userId);
  await openDashboard(page, "user-info");
  await page.getByRole("button", { name: "Edit Email" }).click();
  const dialog = page.getByRole("dialog", { name: "Change email" });
  await dialog.getByLabel("New email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await dialog.getByLabel("New email").fill(target);
  await dialog.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Check your new inbox", { exact: false })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("group", { name: "Email" })).toContainText(member.email);

  await expect.poll(() => latestMail(app.dataDir, target)).toContain("/verify-email?token=");
  const link = linkIn(latestMail(app.dataDir, target)!, "/verify-email?token=")!;
  await page.goto(pathOf(link));
  await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
  await expect(page.getByText(target)).toBeVisible();
  await page.getByRole("button", { name: "Confirm new email" }).click();
  await expect(page.getByRole("heading", { name: "Email address changed" })).toBeVisible();

  await openDashboard(page, "user-info");
  await expect(page.getByRole("group", { name: "Email" })).toContainText(target);
  await expect.poll(() => latestMail(app.dataDir, member.email)).toContain("email address was changed");
});

test("code sign-in: the message without an email, a wrong code, then the code from the outbox", async ({
  page,
  app,
  context,
}) => {
  const member = await signInNewMember(app, context);
  await markEmailVerified(app, member.userId);
  await context.clearCookies();

  await page.goto("/signin");
  await page.getByRole("link", { name: "Email me a sign-in code" }).click();
  await expect(page).toHaveURL(/\/signin\/code$/);
  await expect(page.getByRole("heading", { name: "Sign in with a code" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page, "the sign-in code page");

  // Refusals answer 400, which the browser reports in the console: expected here.
  page.removeAllListeners("console");
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page.getByText("You must provide either an email or phone number.").first()).toBeVisible();

  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(
    page.getByText("If an account uses this address, we have emailed it a sign-in code.").first(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /Resend code in \d+s/ })).toBeDisabled();
  await expectAccessible(page, "the code step");
  await expect.poll(() => latestMail(app.dataDir, member.email)).toMatch(/sign-in code is \d{6}/);
  const code = /sign-in code is (\d{6})/.exec(latestMail(app.dataDir, member.email)!)![1]!;

  await page.getByLabel("Sign-in code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid or expired code").first()).toBeVisible();

  await page.getByLabel("Sign-in code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, "Welcome back!")).toBeVisible();
});
