import fs from "node:fs";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember } from "../support/member";

/** The password step; leaves the browser on whatever comes next. */
async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin?redirectTo=%2Fdashboard%3Fsection%3Duser-info");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("two-factor: enrol with an authenticator app, sign in with a code and trust the device, a backup code only once", async ({
  page,
  app,
  context,
}) => {
  const member = await signInNewMember(app, context);
  await openDashboard(page, "user-info");
  const card = page.getByRole("group", { name: /Two-factor authentication/ });
  await expect(card.getByText("Off", { exact: true })).toBeVisible();

  // Turn on: the password, then the QR code and the secret, confirmed by a code from the app.
  await card.getByRole("button", { name: "Turn on" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Password", { exact: true }).fill(member.password);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await dialog.getByTestId("two-factor-secret").textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  await dialog.getByLabel("Code from the app").fill(totp.generate());
  await dialog.getByRole("button", { name: "Turn on" }).click();

  // The ten backup codes, once, downloadable as a text file.
  const items = dialog.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(items).toHaveCount(10);
  const backupCodes = await items.allTextContents();
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download" }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe("backup-codes.txt");
  const text = fs.readFileSync(await file.path(), "utf8");
  for (const code of backupCodes) expect(text).toContain(code);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("On", { exact: true })).toBeVisible();
  // The secret is not shown again.
  await expect(page.getByTestId("two-factor-secret")).toHaveCount(0);

  // Signed out, the password alone is no longer enough: the second screen asks for the code.
  await signOut(page);
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/signin\/two-factor\?redirectTo=%2Fdashboard%3Fsection%3Duser-info$/);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await page.getByLabel("Code").fill(totp.generate());
  await page.getByLabel("Trust this device for 30 days").check();
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();

  // This browser is trusted now: the password alone signs in.
  await signOut(page);
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);

  // Without the trusted-device mark, a backup code signs in once.
  await signOut(page);
  await context.clearCookies({ name: /trust_device/ });
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/signin\/two-factor/);
  await page.getByLabel("Code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);

  // Used again, it is refused with a clear message, and the browser stays signed out.
  await signOut(page);
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/signin\/two-factor/);
  await page.getByLabel("Code").fill(backupCodes[0]!);
  // The refusal's 400 is logged by Chromium as a failed resource; it is the point here.
  page.removeAllListeners("console");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code is not correct." })).toBeVisible();
  await expect(page).toHaveURL(/\/signin\/two-factor/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard$/);
});
