import type { Page } from "@playwright/test";
import { answered } from "../support/answered";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember, waitForHydration, type TestMember } from "../support/member";
import { latestMail } from "../support/outbox";

const SIGN_IN_AGAIN = "Your session has ended. Please sign in again.";
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });
const devices = (page: Page) => page.getByRole("list", { name: "Signed-in devices" });
/** What the browser does when a tab is shown again (Playwright's pages never lose focus on their own). */
const regainFocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("focus")));

async function signInThroughForm(page: Page, member: TestMember) {
  await page.goto("/signin?redirectTo=%2Fdashboard%3Fsection%3Duser-info");
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);
  await waitForHydration(page);
}

/** None of the member's data is left on the page. */
async function expectNoMemberData(page: Page, member: TestMember) {
  const text = await page.locator("body").innerText();
  expect(text).not.toContain(member.email);
  expect(text).not.toContain(member.lastName);
}

test.describe("signed-in devices", () => {
  test("two browsers: the list marks this one, a new device is mailed, signing out the other sends it to sign in", async ({
    page,
    app,
    browser,
    context,
  }) => {
    const member = await signInNewMember(app, context, { lastName: "Devices" });
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    otherPage.on("pageerror", (error) => {
      throw error;
    });
    await signInThroughForm(otherPage, member);
    // The form's browser is a device this account never signed in from.
    await expect.poll(() => latestMail(app.dataDir, member.email)?.includes("New sign-in to your") ?? false).toBe(true);
    const mail = latestMail(app.dataDir, member.email)!;
    // Playwright's Chromium names itself Chrome on Windows or Linux, depending on its settings.
    const name = /Chrome on (Windows|Linux)/.exec(mail)?.[0];
    expect(name).toBeTruthy();
    expect(mail).toContain("/dashboard?section=user-info");

    await openDashboard(page, "user-info");
    const list = devices(page);
    await expect(list.getByRole("listitem")).toHaveCount(2);
    const mine = list.getByRole("listitem").filter({ hasText: "This device" });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText("Active now");
    const theirs = list.getByRole("listitem").filter({ hasNotText: "This device" });
    await expect(theirs).toContainText(name!);
    await expect(theirs).toContainText("Network 127.0.0.x");
    await expect(theirs).toContainText(/Last active (just now|1 minute ago)/);

    await answered(page, () => theirs.getByRole("button", { name: `Sign out ${name}` }).click());
    await expect(toast(page, "Device signed out")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(page.getByText("No other device is signed in.")).toBeVisible();

    // The other browser's tab notices when it is looked at again, and keeps nothing on screen.
    await regainFocus(otherPage);
    await expect(otherPage).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%3Fsection%3Duser-info$/);
    await expect(toast(otherPage, SIGN_IN_AGAIN)).toBeVisible();
    await expectNoMemberData(otherPage, member);
    // And any request it makes lands on sign in.
    await otherPage.goto("/dashboard");
    await expect(otherPage).toHaveURL(/\/signin\?redirectTo=%2Fdashboard$/);
    await other.close();
  });

  test("sign out all other devices keeps this one", async ({ page, app, browser, context }) => {
    const member = await signInNewMember(app, context);
    const contexts = [await browser.newContext(), await browser.newContext()];
    for (const other of contexts) await signInThroughForm(await other.newPage(), member);
    await openDashboard(page, "user-info");
    await expect(devices(page).getByRole("listitem")).toHaveCount(3);
    await answered(page, () => page.getByRole("button", { name: "Sign out all other devices" }).click());
    await expect(toast(page, "Other devices signed out")).toBeVisible();
    await expect(page.getByText("2 devices were signed out.")).toBeVisible();
    await expect(devices(page).getByRole("listitem")).toHaveCount(1);
    for (const other of contexts) {
      const tab = other.pages()[0]!;
      // Its next request lands on sign in, and says why.
      await tab.goto("/dashboard?section=user-info");
      await expect(tab).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%3Fsection%3Duser-info$/);
      await expect(toast(tab, SIGN_IN_AGAIN)).toBeVisible();
      await other.close();
    }
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);
  });
});

test.describe("live session state", () => {
  test("signing out in one tab: the other notices on focus, says so and shows no member data", async ({
    page,
    app,
    context,
  }) => {
    const member = await signInNewMember(app, context, { lastName: "Twotabs" });
    await openDashboard(page, "subscriptions");
    await expect(page.getByText(member.email).first()).toBeAttached();
    const second = await context.newPage();
    await openDashboard(second);
    await second.getByRole("button", { name: "Logout" }).click();
    await expect(second).toHaveURL(/\/$/);

    // Sign-in is slow to arrive: the dashboard must already be gone while the browser waits for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldRequests = 0;
    await page.route(/\/signin\.data/, async (route) => {
      heldRequests++;
      await held;
      await route.continue();
    });
    await regainFocus(page);
    await expect(page.locator('[data-slot="session-ended"]')).toHaveText(SIGN_IN_AGAIN);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await expectNoMemberData(page, member);
    await expect.poll(() => heldRequests).toBeGreaterThan(0);
    release();
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%3Fsection%3Dsubscriptions$/);
    await expect(toast(page, SIGN_IN_AGAIN)).toBeVisible();
    await expectNoMemberData(page, member);
  });

  test("a tab that stays signed in stays put on focus", async ({ page, app, context }) => {
    const member = await signInNewMember(app, context);
    await openDashboard(page, "user-info");
    const checked = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/session");
    await regainFocus(page);
    expect(await (await checked).json()).toEqual({ signedIn: true });
    await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);
    await expect(page.getByText(member.email).first()).toBeVisible();
  });

  test("an action answered 401 ends the dashboard at once", async ({ page, app, context }) => {
    const member = await signInNewMember(app, context, { lastName: "Fourohone" });
    await openDashboard(page, "user-info");
    await expect(devices(page).getByRole("listitem")).toHaveCount(1);
    // The session ends behind the page's back (another device signed everything out, or it expired).
    const { db } = app.testing.getDatabase();
    const { session } = app.testing.schema;
    const { eq } = await import("drizzle-orm");
    await db.delete(session).where(eq(session.userId, member.userId));
    await page.getByRole("button", { name: "CHANGE PASSWORD" }).click();
    await page.getByLabel("Current password").fill("Analytical1");
    await page.getByLabel("New password", { exact: true }).fill("Analytical2");
    await page.getByLabel("Confirm new password").fill("Analytical2");
    page.removeAllListeners("console");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%3Fsection%3Duser-info$/);
    await expect(toast(page, SIGN_IN_AGAIN)).toBeVisible();
    await expectNoMemberData(page, member);
  });

  test("a purchase refused 401 shows its text once and leaves the dashboard", async ({ page, app, context }) => {
    const member = await signInNewMember(app, context, { lastName: "Buyer", balance: 50_000_000n });
    await openDashboard(page, "subscriptions");
    await page.getByRole("list", { name: "Plans" }).getByRole("button", { name: "Add to cart" }).first().click();
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
    await expect(dialog).toBeVisible();
    const { db, schema } = { db: app.testing.getDatabase().db, schema: app.testing.schema };
    const { eq } = await import("drizzle-orm");
    await db.delete(schema.session).where(eq(schema.session.userId, member.userId));
    page.removeAllListeners("console");
    await dialog.getByRole("button", { name: "Confirm purchase" }).click();
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%3Fsection%3Dsubscriptions$/);
    await expect(toast(page, "Please sign in to complete purchase")).toHaveCount(1);
    await expect(toast(page, SIGN_IN_AGAIN)).toHaveCount(0);
    await expectNoMemberData(page, member);
  });
});
