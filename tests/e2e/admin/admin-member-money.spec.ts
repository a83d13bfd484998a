import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { and, eq, like } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { creditBalance, openDashboard, signInNewMember, waitForHydration } from "../support/member";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

type Testing = typeof import("../support/server-entry.ts");

async function seedPlans(app: { testing: Testing }) {
  const tag = crypto.randomBytes(3).toString("hex");
  const { schema, getDatabase } = app.testing;
  const { db } = getDatabase();
  const plans = await db
    .insert(schema.pricing)
    .values([
      { planId: `money-gold-${tag}`, name: `Gold ${tag}`, price: 30_000_000n, published: true },
      { planId: `money-gift-${tag}`, name: `Gift ${tag}`, price: 10_000_000n, published: true },
    ])
    .returning();
  return { gold: plans[0]!, gift: plans[1]! };
}

const subscriptionsSection = (page: Page) => page.getByRole("region", { name: "Subscriptions" });
const moneySection = (page: Page) => page.getByRole("region", { name: "Money" });

test.describe("back office: a member's subscriptions and money", () => {
  // The plans seeded here are on sale while a test runs; taken off sale after it, so the public
  // pages that later tests of this worker read show only the plans they expect.
  test.afterEach(async ({ app }) => {
    const { schema, getDatabase } = app.testing;
    await getDatabase()
      .db.update(schema.pricing)
      .set({ published: false })
      .where(like(schema.pricing.planId, "money-%"));
  });
  // The refused debit is answered 402, which Chromium logs as a failed resource.
  test.use({ expectedConsoleErrors: [/status of 402 .*\/balance\.data/] });

  test("an operator extends, cancels, gives a plan, credits and debits", async ({ page, app, context, browser }) => {
    // A long walk (two browsers, a dozen posts): three times the usual time, for a loaded machine.
    test.slow();
    const { gold, gift } = await seedPlans(app);
    const { schema, getDatabase } = app.testing;
    const { db } = getDatabase();
    const memberContext = await browser.newContext();
    const member = await signInNewMember(app, memberContext);
    await creditBalance(app, member.userId, 5_000_000n);
    const [sub] = await db
      .insert(schema.subscriptions)
      .values({
        userId: member.userId,
        planId: gold.id,
        billingPeriod: "monthly",
        nextBillingDate: new Date("2027-01-01T00:00:00Z"),
        autorenew: true,
      })
      .returning();
    await signUpStaff(app, context, "admin");
    await page.goto(`/admin/members/${member.userId}`);
    await waitForHydration(page);

    // Extend by 10 days.
    await subscriptionsSection(page).getByRole("button", { name: "Extend" }).click();
    await page.getByLabel("Days", { exact: true }).fill("10");
    await page.getByRole("dialog").getByRole("button", { name: "Extend" }).click();
    await expect(subscriptionsSection(page)).toContainText("next billing Jan 11, 2027");

    // Cancel at period end: autorenew off.
    await subscriptionsSection(page).getByRole("button", { name: "Cancel at period end" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel at period end" }).click();
    await expect(subscriptionsSection(page)).toContainText("autorenew off");

    // Cancel now, confirmed.
    await subscriptionsSection(page).getByRole("button", { name: "Cancel now" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel now" }).click();
    await expect(subscriptionsSection(page).getByText("cancelled")).toBeVisible();
    const [cancelled] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, sub!.id));
    expect(cancelled!.status).toBe("cancelled");

    // A complimentary plan, shown as such on the member's own dashboard.
    await subscriptionsSection(page).getByRole("button", { name: "Give a complimentary plan" }).click();
    await page.getByLabel("Plan", { exact: true }).selectOption({ label: gift.name });
    await page.getByLabel("Period", { exact: true }).selectOption("days");
    await page.getByLabel("Days", { exact: true }).fill("30");
    await page.getByRole("button", { name: "Give plan" }).click();
    await expect(subscriptionsSection(page).getByText("Complimentary", { exact: true })).toBeVisible();
    const memberPage = await memberContext.newPage();
    await openDashboard(memberPage, "billing-history");
    await expect(memberPage.getByRole("cell", { name: "Complimentary", exact: true })).toBeVisible();
    await memberContext.close();

    // A debit larger than the balance is refused.
    await moneySection(page).getByRole("button", { name: "Debit balance" }).click();
    await page.getByRole("dialog").getByLabel("Amount (USDT)").fill("6");
    await page.getByRole("dialog").getByLabel("Reason").fill("Too much");
    await page.getByRole("dialog").getByRole("button", { name: "Debit" }).click();
    await expect(page.getByText(/more than the balance/).first()).toBeVisible();
    await page.keyboard.press("Escape");

    // A double submit credits once and says so: both submits land before React renders the busy
    // button (as a double click can on a slow phone), and the page posts only the first. Were the
    // second posted, the fetcher would show its answer, the idempotent replay's "already made".
    await moneySection(page).getByRole("button", { name: "Credit balance" }).click();
    await page.getByRole("dialog").getByLabel("Amount (USDT)").fill("2.5");
    await page.getByRole("dialog").getByLabel("Reason").fill("Goodwill");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/balance")) posts.push(request.url());
    });
    await page
      .getByRole("dialog")
      .locator("form")
      .evaluate((form: HTMLFormElement) => {
        form.requestSubmit();
        form.requestSubmit();
      });
    // The toast says what moved and the balance now, from the server's answer. It is read first:
    // it shows for 4 s, and on a loaded machine the page's reload can take longer than that.
    await expect(page.getByText("$2.50 USDT credited. The balance is now $7.50 USDT.")).toBeVisible();
    await expect(moneySection(page)).toContainText("Balance: $7.50 USDT");
    const rows = await db
      .select()
      .from(schema.ledgerEntries)
      .where(
        and(eq(schema.ledgerEntries.userId, member.userId), like(schema.ledgerEntries.reference, "staff-adjust:%")),
      );
    expect(rows).toHaveLength(1);
    expect(posts).toHaveLength(1);

    // A debit within the balance, by a double click.
    await moneySection(page).getByRole("button", { name: "Debit balance" }).click();
    await page.getByRole("dialog").getByLabel("Amount (USDT)").fill("1.5");
    await page.getByRole("dialog").getByLabel("Reason").fill("Correction");
    await page.getByRole("dialog").getByRole("button", { name: "Debit" }).dblclick();
    await expect(page.getByText("$1.50 USDT debited. The balance is now $6.00 USDT.")).toBeVisible();
    await expect(moneySection(page)).toContainText("Balance: $6.00 USDT");
    // The debit is in the billing history, taken away.
    await expect(
      moneySection(page)
        .getByRole("list", { name: "Billing history" })
        .getByRole("listitem")
        .filter({ hasText: "Correction" }),
    ).toContainText("-$1.50 USDT");
    await expectAccessible(page, "Member page with its writes");

    await page.setViewportSize({ width: 375, height: 800 });
    await moneySection(page).getByRole("button", { name: "Credit balance" }).click();
    await expectNoSidewaysScroll(page);
  });

  test("support sees no money or subscription buttons, and a plan a gift covers said so", async ({
    page,
    app,
    context,
    browser,
  }) => {
    const memberContext = await browser.newContext();
    const member = await signInNewMember(app, memberContext);
    await memberContext.close();
    // A paid plan whose one chat a complimentary plan of the member's gives until 2027-03-01.
    const tag = crypto.randomBytes(3).toString("hex");
    const { schema, getDatabase } = app.testing;
    const { db } = getDatabase();
    const [paid, gift] = await db
      .insert(schema.pricing)
      .values([
        { planId: `covered-paid-${tag}`, name: `Paid ${tag}`, price: 30_000_000n },
        { planId: `covered-gift-${tag}`, name: `Gift ${tag}`, price: 50_000_000n },
      ])
      .returning();
    const chatId = -1001000000000 - crypto.randomInt(1_000_000);
    await db.insert(schema.planTelegramChats).values([paid!, gift!].map((plan) => ({ planId: plan.id, chatId })));
    await db.insert(schema.subscriptions).values([
      {
        userId: member.userId,
        planId: paid!.id,
        billingPeriod: "monthly",
        nextBillingDate: new Date("2027-01-10T00:00:00Z"),
      },
      {
        userId: member.userId,
        planId: gift!.id,
        billingPeriod: "monthly",
        nextBillingDate: new Date("2027-03-01T00:00:00Z"),
        autorenew: false,
        complimentary: true,
      },
    ]);
    await signUpStaff(app, context, "support");
    await page.goto(`/admin/members/${member.userId}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Money" })).toBeVisible();
    await expect(subscriptionsSection(page)).toContainText(
      `Covered by complimentary Gift ${tag} until Mar 1, 2027: not charged until then.`,
    );
    await expect(page.getByRole("button", { name: /Credit balance|Debit balance|complimentary/ })).toHaveCount(0);
  });
});
