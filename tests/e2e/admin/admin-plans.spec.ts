import type { Page } from "@playwright/test";
import { eq, like, or } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import { answered } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { signInNewMember, waitForHydration } from "../support/member";
import { latestMail } from "../support/outbox";
import { card } from "../support/pricing";
import { signUpStaff } from "../support/staff";

type App = Parameters<typeof signInNewMember>[0] & {
  testing: { schema: typeof import("../../../server/db/schema.ts") };
};

const nav = (page: Page) => page.getByRole("navigation", { name: "Back office sections" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test.describe("back office: plans", () => {
  // The plans seeded on sale here are taken off sale after each test, so the public pages that
  // later tests of this worker read show only the plans they expect.
  test.afterEach(async ({ app }) => {
    const { testing } = app as App;
    const { pricing } = testing.schema;
    await testing
      .getDatabase()
      .db.update(pricing)
      .set({ published: false })
      .where(or(like(pricing.planId, "rise-%"), like(pricing.planId, "undo-%")));
  });
  test("an admin creates a plan with live derived prices and features, publishes it, and it is on /pricing", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "admin");
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
    await page.getByRole("textbox", { name: "Telegram chat 1", exact: true }).fill("@swingpro");
    await page.getByRole("button", { name: "Add feature" }).click();

    // A list's mistake (a chat named by its username, a feature left empty) is caught before
    // anything is sent, announced and shown in its own group.
    await page.getByRole("button", { name: "Create plan" }).click();
    const chats = page.getByRole("group", { name: "Telegram chats" });
    const features = page.getByRole("group", { name: "Features" });
    await expect(chats.getByRole("alert")).toHaveText("A Telegram chat id is a number such as -1001234567890");
    await expect(chats).toHaveAccessibleDescription("A Telegram chat id is a number such as -1001234567890");
    await expect(features.getByRole("alert")).toHaveText("A feature cannot be empty");
    await expect(features).toHaveAccessibleDescription("A feature cannot be empty");
    await page.getByRole("button", { name: "Remove feature 3" }).click();
    await page.getByRole("textbox", { name: "Telegram chat 1", exact: true }).fill("-1001234567890");

    // A mistake is caught before anything is sent.
    await page.getByLabel("Monthly price").fill("0");
    await page.getByRole("button", { name: "Create plan" }).click();
    await expect(page.getByText("Monthly price must be more than 0").first()).toBeVisible();
    await expect(chats.getByRole("alert")).toHaveCount(0);
    await expect(features.getByRole("alert")).toHaveCount(0);
    await page.getByLabel("Monthly price").fill("30");
    // A price struck through beside the real one is saved with the new plan (and its audit row).
    await page.getByLabel("Struck-through price (optional)").fill("45");
    await answered(page, () => page.getByRole("button", { name: "Create plan" }).click());
    await expect(toast(page, "Plan saved")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/plans\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Swing Pro");
    await expect(page.getByLabel("Struck-through price (optional)")).toHaveValue("45");
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

  test("a higher price shows on /pricing at once and reaches a renewing member only after 30 days' notice", async ({
    page,
    app,
    context,
    browser,
  }) => {
    await signUpStaff(app, context, "admin");
    const { testing } = app as App;
    const { db } = testing.getDatabase();
    const { pricing, subscriptions } = testing.schema;
    const [plan] = await db
      .insert(pricing)
      .values({ planId: `rise-${Date.now()}`, name: "Rise Plan", price: 10_000_000n, published: true })
      .returning();
    const memberContext = await browser.newContext({ baseURL: (app as { url: string }).url });
    const member = await signInNewMember(app, memberContext, { balance: 50_000_000n });
    const due = new Date(Date.now() + 5 * 86_400_000);
    const [sub] = await db
      .insert(subscriptions)
      .values({
        userId: member.userId,
        planId: plan!.id,
        billingPeriod: "monthly",
        startDate: new Date(Date.now() - 25 * 86_400_000),
        nextBillingDate: due,
        autorenew: true,
      })
      .returning();

    await page.goto(`/admin/plans/${plan!.id}`);
    await waitForHydration(page);
    await expect(page.getByText("1 member renews this plan")).toBeVisible();
    await page.getByLabel("Monthly price").fill("12");
    await page.getByRole("button", { name: "Save plan" }).click();
    const effective = formatDate(new Date(Date.now() + 30 * 86_400_000));
    await expect(page.locator("[data-sonner-toast]")).toContainText(
      `New buyers pay the new price now; renewals from ${effective}. 1 renewing member is told.`,
    );
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "Notice running" })).toHaveText(
      `Notice running: renewing members pay $10.00 USDT a month until ${effective}, then $12.00 USDT.`,
    );

    // Visitors see the new price at once.
    await page.goto("/pricing");
    await expect(card(page, "Rise Plan")).toContainText("$12.00/month");

    // The member's renewal, due before the date, is charged the old price.
    expect(await testing.renewSubscription({ db, subscriptionId: sub!.id, now: new Date(due.getTime() + 1000) })).toBe(
      "charged",
    );
    const memberPage = await memberContext.newPage();
    await memberPage.goto("/dashboard?section=billing-history");
    await expect(memberPage.getByRole("row").filter({ hasText: "$10.00 USDT" })).toHaveCount(1);
    await expect(memberPage.getByRole("row").filter({ hasText: "$12.00 USDT" })).toHaveCount(0);
    await memberContext.close();
  });

  test("an admin cancels a scheduled rise from the plan editor: the old price is back on /pricing and the member is emailed", async ({
    page,
    app,
    context,
    browser,
  }) => {
    await signUpStaff(app, context, "admin");
    const { testing } = app as App;
    const { db } = testing.getDatabase();
    const { pricing, subscriptions } = testing.schema;
    const [plan] = await db
      .insert(pricing)
      .values({ planId: `undo-${Date.now()}`, name: "Undo Plan", price: 10_000_000n, published: true })
      .returning();
    const memberContext = await browser.newContext({ baseURL: (app as { url: string }).url });
    const member = await signInNewMember(app, memberContext, { balance: 50_000_000n });
    await memberContext.close();
    await db.insert(subscriptions).values({
      userId: member.userId,
      planId: plan!.id,
      billingPeriod: "monthly",
      nextBillingDate: new Date(Date.now() + 5 * 86_400_000),
      autorenew: true,
    });

    await page.goto(`/admin/plans/${plan!.id}`);
    await waitForHydration(page);
    await page.getByLabel("Monthly price").fill("12");
    await page.getByRole("button", { name: "Save plan" }).click();
    const notice = page.getByRole("status").filter({ hasText: "Notice running" });
    await expect(notice).toBeVisible();

    // Thinking better of it: the dialog asks first, and "Keep the change" keeps it.
    await page.getByRole("button", { name: "Cancel scheduled change" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel the price change?" });
    await expect(dialog).toContainText("Undo Plan goes back to $10.00 USDT a month for everybody");
    await expectAccessible(page, "the cancel dialog");
    await dialog.getByRole("button", { name: "Keep the change" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(notice).toBeVisible();

    await page.getByRole("button", { name: "Cancel scheduled change" }).click();
    await dialog.getByRole("button", { name: "Cancel the change" }).click();
    // The save's toast may still be showing: look for this one among them.
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Undo Plan is back to" })).toContainText(
      "Undo Plan is back to $10.00 USDT a month. 1 member is told.",
    );
    await expect(notice).toHaveCount(0);
    await expect(page.getByLabel("Monthly price")).toHaveValue("10");
    await expect(page.getByRole("region", { name: "History" }).getByRole("listitem").first()).toContainText(
      "plan.price_change_cancelled",
    );
    // Saving the form again does not bring the withdrawn price back.
    await page.getByRole("button", { name: "Save plan" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("Plan saved", { exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);

    await page.goto("/pricing");
    await expect(card(page, "Undo Plan")).toContainText("$10.00/month");
    // The outbox job sends it within seconds; running it here saves the wait.
    await testing.deliverNotifications({ db });
    await expect
      .poll(() => latestMail((app as { dataDir: string }).dataDir, member.email))
      .toContain(
        "The price change we told you about for Undo Plan will not happen. Your renewals stay at " +
          "$10.00 USDT (monthly).",
      );
  });

  test("an editor saves a plan's texts and features; its prices, publishing and new plans are not theirs, and the page says so", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    const { testing } = app as App;
    const { db } = testing.getDatabase();
    const { pricing } = testing.schema;
    const [plan] = await db
      .insert(pricing)
      .values({ planId: `texts-${Date.now()}`, name: "Texts Plan", price: 10_000_000n, published: false })
      .returning();

    await page.goto("/admin/plans");
    await waitForHydration(page);
    const reason = "Prices are for owners and admins";
    await expect(page.getByText(reason)).toBeVisible();
    await expect(page.getByRole("link", { name: "New plan" })).toHaveCount(0);
    const row = page.getByRole("row").filter({ hasText: "Texts Plan" });
    await expect(row).toContainText("Draft");
    await expect(row.getByRole("button", { name: "Publish Texts Plan" })).toHaveCount(0);

    await row.getByRole("link", { name: "Texts Plan" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Texts Plan");
    await expect(page.getByLabel("Monthly price")).toBeDisabled();
    await expect(page.getByLabel("Struck-through price (optional)")).toBeDisabled();
    await expect(page.getByLabel("Discount shown (%)")).toBeDisabled();
    await expect(page.getByRole("group", { name: "Price (USDT)" })).toContainText(reason);
    await expectAccessible(page, "the plan editor for an editor");

    await page.getByLabel("Name").fill("Texts Plan Plus");
    await page.getByRole("button", { name: "Add feature" }).click();
    await page.getByRole("textbox", { name: "Feature 1", exact: true }).fill("Morning briefing");
    await answered(page, () => page.getByRole("button", { name: "Save plan" }).click());
    await expect(toast(page, "Plan saved")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Texts Plan Plus");
    const [saved] = await db.select().from(pricing).where(eq(pricing.id, plan!.id));
    expect(saved).toMatchObject({ name: "Texts Plan Plus", features: ["Morning briefing"], price: 10_000_000n });

    // A new plan has a price from the start: not an editor's page.
    const missing = await page.goto("/admin/plans/new");
    expect(missing?.status()).toBe(404);
  });
});
