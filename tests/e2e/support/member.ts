import crypto from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { answered } from "./answered";
import { expect } from "./fixtures";
import { waitForHydration } from "./hydration";

type Testing = typeof import("./server-entry.ts");
type App = { url: string; testing: Testing };

export type TestMember = {
  userId: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Without the "@", as stored. */
  telegram: string;
};

/**
 * Opens an account through the server's own sign-up code (user, profile, wallet, session) and
 * puts its session cookie into `context`, so the browser starts signed in. `balance` (micro-USDT)
 * is credited as one ledger adjustment, the way the money engine changes every balance.
 */
export async function signInNewMember(
  app: App,
  context: BrowserContext,
  options: { balance?: bigint; firstName?: string; lastName?: string; password?: string } = {},
): Promise<TestMember> {
  const { db } = app.testing.getDatabase();
  const tag = crypto.randomBytes(4).toString("hex");
  const member = {
    firstName: options.firstName ?? "Ada",
    lastName: options.lastName ?? "Lovelace",
    email: `member-${tag}@example.com`,
    password: options.password ?? "Analytical1",
    telegram: `ada_${tag}`,
  };
  // A distinct client address per member keeps the sign-up limit per address out of the way.
  const clientIp = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  const { userId, headers } = await app.testing.signUpMember({
    db,
    input: { ...member, acceptTerms: true, acceptRisk: true },
    clientIp,
    headers: new Headers({ "x-client-ip": clientIp }),
  });
  await context.addCookies(
    headers.getSetCookie().map((cookie) => {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      // Production cookies are Secure (their names then start with __Secure-, which browsers take only as Secure).
      const secure = /;\s*secure/i.test(cookie);
      // By domain and path: Chromium takes a Secure cookie for http://127.0.0.1 (a loopback
      // address counts as secure) only when it is not given as a URL.
      return {
        name: pair!.slice(0, at),
        value: pair!.slice(at + 1),
        domain: new URL(app.url).hostname,
        path: "/",
        httpOnly: true,
        secure,
        sameSite: "Lax" as const,
      };
    }),
  );
  if (options.balance && options.balance > 0n) await creditBalance(app, userId, options.balance);
  return { userId, ...member };
}

/** Marks the member's address verified, as the emailed link does (password reset and email change need it). */
export async function markEmailVerified(app: App, userId: string) {
  const { db } = app.testing.getDatabase();
  const { user } = app.testing.schema;
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}

/** Credits a member like an operator adjustment: one ledger row and the balance, in one statement. */
export async function creditBalance(app: App, userId: string, amount: bigint) {
  const { db } = app.testing.getDatabase();
  await app.testing.postLedgerEntry({
    tx: db,
    userId,
    kind: "adjustment",
    amount,
    reference: `e2e:credit:${userId}:${crypto.randomUUID()}`,
    memo: "e2e credit",
  });
}

/**
 * Opens the dashboard and waits until React has hydrated it (its nodes carry React's props),
 * so clicks on buttons and the keyboard shortcut reach their handlers.
 */
export async function openDashboard(page: Page, section?: string) {
  await page.goto(section ? `/dashboard?section=${section}` : "/dashboard");
  await waitForHydration(page);
}

export { waitForHydration };

/** Opens an account through the server's own sign-up code, without signing this browser in. */
export async function createMember(app: Pick<App, "testing">, email: string, password = "Analytical1") {
  const { db } = app.testing.getDatabase();
  return app.testing.signUpMember({
    db,
    input: {
      firstName: "Grace",
      lastName: "Hopper",
      email,
      password,
      telegram: "grace_hopper",
      acceptTerms: true,
      acceptRisk: true,
    },
    // A distinct client address per account keeps the sign-up limit per address out of the way.
    clientIp: `10.77.${crypto.randomInt(255)}.${crypto.randomInt(255)}`,
    headers: new Headers(),
  });
}

/** Fills the sign-up screen (/join/details), ticks both boxes and presses "Continue to Pay". */
export async function submitSignUp(
  page: Page,
  fields: { firstName: string; lastName: string; email: string; password: string; telegram: string },
) {
  await page.getByLabel("First Name*").fill(fields.firstName);
  await page.getByLabel("Last Name*").fill(fields.lastName);
  await page.getByLabel("Email*").fill(fields.email);
  await page.getByLabel("Password*").fill(fields.password);
  await page.getByLabel("Telegram*").fill(fields.telegram);
  await page.getByLabel(/I accept the Terms of Service/).check();
  await page.getByLabel(/only trade with money I can afford to lose/).check();
  await page.getByRole("button", { name: "Continue to Pay" }).click();
}

/** Buys one plan from the dashboard's Subscriptions section with the balance, as the member does. */
export async function buyOnDashboard(page: Page, planName: string) {
  await openDashboard(page, "subscriptions");
  await page
    .getByRole("list", { name: "Plans" })
    .getByRole("group", { name: planName, exact: true })
    .getByRole("button", { name: "Add to cart" })
    .click();
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  await confirmPurchase(page);
}

/**
 * Confirms the open purchase dialog and waits for the purchase's answer, not for a toast: an
 * earlier purchase's "activated" toast may still be on screen and would be seen at once.
 */
export async function confirmPurchase(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  await answered(page, () => dialog.getByRole("button", { name: "Confirm purchase" }).click());
  await expect(page.getByText("Subscriptions activated successfully!").first()).toBeVisible();
}
