import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { expect, test } from "./support/fixtures";
import { signInStaff } from "./support/staff";
import { signInNewMember, waitForHydration } from "./support/member";

type App = Parameters<typeof signInNewMember>[0] & { testing: { schema: typeof import("../../server/db/schema.ts") } };

const nav = (page: Page) => page.getByRole("navigation", { name: "Back office sections" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test.describe("back office: plans (issue #16)", () => {
  test("an editor creates a plan with live derived prices and features, publishes it, and it is on /pricing", async ({ page, app, context }) => {
    await signInStaff(app, context, "editor");
    await page.goto("/admin");
    await waitForHydration(page);
    await nav(page).getByRole("link", { name: "Plans" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plans");
    await page.getByRole("link", { name: "New plan" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New plan");

    await page.getByLabel("Name").fill("Swing Pro");
    await page.getByLabel("Monthly price").fill("30");
    const prices = page.getByRole("definition");
    // floor(30 × 3 × 0.85) = 76 for a quarter; 12 months for lifetime.
    await expect(prices).toHaveText(["$30.00 USDT", "$76.00 USDT", "$360.00 USDT"]);
    await page.getByRole("button", { name: "Add feature" }).click();
    await page.getByRole("textbox", { name: "Feature 1", exact: true }).fill("Daily swing setups");
    await page.getByRole("button", { name: "Add feature" }).click();
    await page.getByRole("textbox", { name: "Feature 2", exact: true }).fill("Weekly review");
    await page.getByRole("button", { name: "Move feature 2 up" }).click();
    await expect(page.getByRole("textbox", { name: "Feature 1", exact: true })).toHaveValue("Weekly review");
    await page.getByRole("button", { name: "Add Telegram chat" }).click();
    await page.getByRole("textbox", { name: "Telegram chat 1", exact: true }).fill("-1001234567890");

    // A mistake is caught before anything is sent.
    await page.getByLabel("Monthly price").fill("0");
    await page.getByRole("button", { name: "Create plan" }).click();
    await expect(page.getByText("Monthly price must be more than 0").first()).toBeVisible();
    await page.getByLabel("Monthly price").fill("30");
    await page.getByRole("button", { name: "Create plan" }).click();
    await expect(toast(page, "Plan saved")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/plans\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Swing Pro");
    await expect(page.getByRole("textbox", { name: "Telegram chat 1", exact: true })).toHaveValue("-1001234567890");

    await page.getByRole("link", { name: "← All plans" }).click();
    const row = page.getByRole("row").filter({ hasText: "Swing Pro" });
    await expect(row).toContainText("Draft");
    await row.getByRole("button", { name: "Publish Swing Pro" }).click();
    await expect(row).toContainText("Published");

    await page.goto("/pricing");
    await expect(page.getByText("Swing Pro").first()).toBeVisible();
    await expect(page.getByText("Weekly review").first()).toBeVisible();
  });

  test("a higher price on a plan members renew waits 30 days, and the editor is told so", async ({ page, app, context }) => {
    await signInStaff(app, context, "editor");
    const { db } = (app as App).testing.getDatabase();
    const { pricing, subscriptions } = (app as App).testing.schema;
    const [plan] = await db.insert(pricing).values({ planId: `rise-${Date.now()}`, name: "Rise Plan", price: 10_000_000n, published: true }).returning();
    const member = await signInNewMember(app, await page.context().browser()!.newContext());
    await db.insert(subscriptions).values({ userId: member.userId, planId: plan!.id, billingPeriod: "monthly", nextBillingDate: new Date(Date.now() + 5 * 86_400_000), autorenew: true });

    await page.goto(`/admin/plans/${plan!.id}`);
    await waitForHydration(page);
    await expect(page.getByText("1 member renews this plan")).toBeVisible();
    await page.getByLabel("Monthly price").fill("12");
    await page.getByRole("button", { name: "Save plan" }).click();
    const effective = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await expect(page.locator("[data-sonner-toast]")).toContainText(`The new price applies to renewals from ${effective}; 1 renewing members are told.`);
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "Scheduled" })).toHaveText(`Scheduled: $12.00 USDT a month from ${effective}.`);
    const [still] = await db.select({ price: pricing.price }).from(pricing).where(eq(pricing.id, plan!.id));
    expect(still!.price).toBe(10_000_000n);
  });
});
