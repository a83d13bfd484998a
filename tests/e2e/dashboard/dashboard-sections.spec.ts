import type { Page } from "@playwright/test";
import { and, asc, eq } from "drizzle-orm";
import { answered } from "../support/answered";
import { blockingViolations, settle } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { holdData } from "../support/hold-data";
import { openDashboard, signInNewMember, waitForHydration } from "../support/member";
import { replaceStoredCart } from "../support/pricing";
import { expectNoSidewaysScroll } from "../support/sideways";

const USDT = 1_000_000n;
const nav = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });
const card = (page: Page, name: string) =>
  page.getByRole("list", { name: "Plans" }).getByRole("group", { name, exact: true });
const utcDate = (d: Date) =>
  d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

// Subscriptions, billing history, knowledgebase and the accessibility of every section.
test.describe("member dashboard", () => {
  test("Subscriptions: cart, a blocked confirmation, a purchase into the list and the billing table", async ({
    page,
    app,
    context,
  }) => {
    const member = await signInNewMember(app, context, { balance: 50n * USDT });
    const { db, schema } = { db: app.testing.getDatabase().db, schema: app.testing.schema };
    const plans = await db
      .select()
      .from(schema.pricing)
      .where(eq(schema.pricing.published, true))
      .orderBy(asc(schema.pricing.displayOrder));
    const signals = plans.find((p) => p.planId === "signals-bot")!;
    const vip = plans.find((p) => p.planId === "vip-signals")!;
    await openDashboard(page, "subscriptions");
    const subscribe = page.getByRole("button", { name: "Subscribe", exact: true });
    await expect(subscribe).toBeDisabled();
    await card(page, signals.name).getByRole("button", { name: "Add to cart" }).click();
    await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
    await expect(card(page, vip.name).getByRole("button", { name: "Remove from cart" })).toBeVisible();

    await subscribe.click();
    const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
    await expect(dialog.getByRole("list", { name: "Items" }).getByRole("listitem")).toHaveCount(2);
    await expect(dialog).toContainText("$116.00 USDT");
    await expect(dialog).toContainText("$50.00 USDT");
    await expect(dialog.getByRole("alert")).toContainText(
      "Insufficient Balance. You need $66.00 USDT more to complete this purchase. Please deposit " +
        "funds to your balance first.",
    );
    await expect(dialog.getByRole("button", { name: "Confirm purchase" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await card(page, vip.name).getByRole("button", { name: "Remove from cart" }).click();

    await subscribe.click();
    await answered(page, () => dialog.getByRole("button", { name: "Confirm purchase" }).click());
    await expect(toast(page, "Subscriptions activated successfully!")).toBeVisible();
    await expect(page.getByRole("button", { name: "$12.00 USDT" })).toBeVisible();
    await expect(card(page, signals.name).getByRole("button", { name: "Subscribed" })).toBeDisabled();
    await expect(subscribe).toBeDisabled();
    expect(await page.evaluate(() => sessionStorage.getItem("cart"))).not.toContain(String(signals.id));

    const [sub] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, member.userId));
    const list = page.getByRole("table", { name: "Your subscriptions" });
    const row = list.getByRole("row").filter({ hasText: signals.name });
    await expect(row.getByRole("cell")).toHaveText([
      signals.name,
      "Monthly",
      "Active",
      utcDate(sub!.startDate),
      utcDate(sub!.nextBillingDate!),
      "",
      // No plan on sale sits inside Signals Bot, and it has no shorter period: nothing to change to.
      "",
    ]);
    const autorenew = row.getByRole("switch", { name: `Autorenew ${signals.name}` });
    await expect(autorenew).toBeChecked();
    await answered(page, () => autorenew.click());
    await expect(toast(page, "Autorenew disabled")).toBeVisible();
    await expect(autorenew).not.toBeChecked();
    await expect
      .poll(
        async () =>
          (await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, sub!.id)))[0]!.autorenew,
      )
      .toBe(false);
    await answered(page, () => autorenew.click());
    await expect(toast(page, "Autorenew enabled")).toBeVisible();

    // Lifetime: never ends, autorenew locked.
    await db.insert(schema.subscriptions).values({
      userId: member.userId,
      planId: vip.id,
      billingPeriod: "lifetime",
      nextBillingDate: null,
      autorenew: false,
    });
    await page.reload();
    await waitForHydration(page);
    const lifetime = list.getByRole("row").filter({ hasText: vip.name });
    await expect(lifetime.getByRole("cell").nth(4)).toHaveText("∞");
    await expect(lifetime.getByRole("cell").nth(5)).toHaveText("N/A");
    await expect(lifetime.getByRole("switch")).toHaveCount(0);

    // Every value says what it is: on the laptop the header row, on a 375 px phone (rows become
    // cards, the header hidden) a label before each value, as on the laptop.
    const labels = (r: typeof row) =>
      r
        .locator("[data-column]")
        .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content.replace(/^"|"$/g, "")));
    await expect(list.getByRole("columnheader")).toHaveText([
      "Plan",
      "Period",
      "Status",
      "Start date",
      "Ends On",
      "Autorenew",
      "Change",
    ]);
    await expect(list.getByRole("columnheader").first()).toBeVisible();
    expect(await labels(row)).toEqual(["none", "none", "none", "none", "none"]);
    await page.setViewportSize({ width: 375, height: 812 });
    // The header row is then for screen readers only.
    await expect(list.locator("thead")).toHaveCSS("position", "absolute");
    expect(await labels(row)).toEqual(["Period", "Status", "Started", "Renews on", "Auto-renew"]);
    expect(await labels(lifetime)).toEqual(["Period", "Status", "Started", "Ends on", "Auto-renew"]);
    await expect(row.getByRole("switch", { name: `Autorenew ${signals.name}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The member's own plans come before the catalogue.
    const ownTop = (await page.getByRole("heading", { name: "Your subscriptions" }).boundingBox())!.y;
    const catalogueTop = (await card(page, signals.name).boundingBox())!.y;
    expect(ownTop).toBeLessThan(catalogueTop);

    // Welcome says what is active, when it renews or ends, and what comes next.
    await openDashboard(page);
    const plansCard = page.locator('[data-slot="welcome-plans"]');
    // Newest first, as in Subscriptions.
    await expect(plansCard.getByRole("list", { name: "Active plans" }).getByRole("listitem")).toHaveText([
      `${vip.name} (Lifetime): never ends`,
      `${signals.name} (Monthly): renews on ${utcDate(sub!.nextBillingDate!)}`,
    ]);
    await expect(plansCard).toContainText("Next step: verify your Telegram account below.");

    const [bill] = await db.select().from(schema.billingHistory).where(eq(schema.billingHistory.userId, member.userId));
    await nav(page).getByRole("link", { name: "Billing history" }).click();
    const billRow = page
      .getByRole("table", { name: "Billing history" })
      .getByRole("row")
      .filter({ hasText: bill!.invoiceId });
    await expect(billRow.getByRole("cell")).toHaveText([
      `${bill!.invoiceId} Receipt`,
      utcDate(bill!.issueDate),
      `Purchase ${signals.name} (monthly)`,
      "\u2212$38.00 USDT",
      "$12.00 USDT",
      "USDT Balance",
      "Paid",
    ]);
    await expect(billRow.locator('[data-slot="badge"]')).toHaveAttribute("data-variant", "success");
  });

  test("Subscriptions: plans chosen before sign-up are in the cart", async ({ page, app, context }) => {
    await signInNewMember(app, context);
    const { db, schema } = { db: app.testing.getDatabase().db, schema: app.testing.schema };
    const [vip] = await db
      .select()
      .from(schema.pricing)
      .where(and(eq(schema.pricing.planId, "vip-signals"), eq(schema.pricing.published, true)));
    await openDashboard(page, "subscriptions");
    await replaceStoredCart(page, { planIds: [vip!.id], billingPeriod: "quarterly" });
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("tab", { name: /Quarterly/ })).toHaveAttribute("aria-selected", "true");
    await expect(card(page, vip!.name).getByRole("button", { name: "Remove from cart" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Cart items" })).toHaveText(vip!.name);
    // Read as one line (copied, or by a screen reader): a space between the label and the amount.
    await expect(page.locator("p", { has: page.locator('[data-slot="cart-total"]') })).toHaveText(
      /^Total \(1 plan\) \$\d/,
    );
    await expect(page.getByRole("button", { name: "Subscribe", exact: true })).toBeEnabled();
  });

  test("Billing history: empty state, newest first, status badge colours", async ({ page, app, context }) => {
    const member = await signInNewMember(app, context);
    const { db, schema } = { db: app.testing.getDatabase().db, schema: app.testing.schema };
    await openDashboard(page, "billing-history");
    await expect(page.getByRole("cell", { name: "No transactions found" })).toBeVisible();
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await db.insert(schema.billingHistory).values([
      { userId: member.userId, invoiceId: "INV-A-PAID", issueDate: day(1), totalAmount: 38n * USDT, status: "paid" },
      {
        userId: member.userId,
        invoiceId: "INV-B-FAILED",
        issueDate: day(3),
        totalAmount: 78n * USDT,
        status: "failed",
      },
      {
        userId: member.userId,
        invoiceId: "INV-C-PENDING",
        issueDate: day(2),
        totalAmount: 5n * USDT,
        status: "pending",
      },
    ]);
    await page.reload();
    await waitForHydration(page);
    const rows = page.getByRole("table", { name: "Billing history" }).getByRole("row");
    await expect(rows).toHaveText([/Invoice ID/, /INV-B-FAILED/, /INV-C-PENDING/, /INV-A-PAID/]);
    await expect(page.getByRole("columnheader")).toHaveText([
      "Invoice ID",
      "Issue date",
      "Kind",
      "Total amount",
      "Balance after",
      "Payment Type",
      "Status",
    ]);
    const badge = (id: string) => rows.filter({ hasText: id }).locator('[data-slot="badge"]');
    await expect(badge("INV-A-PAID")).toHaveAttribute("data-variant", "success");
    await expect(badge("INV-C-PENDING")).toHaveAttribute("data-variant", "warning");
    await expect(badge("INV-B-FAILED")).toHaveAttribute("data-variant", "destructive");
  });

  test("Knowledgebase: 4 skeleton rows while loading, then a single-open collapsible accordion", async ({
    page,
    app,
    context,
  }) => {
    await signInNewMember(app, context);
    const { db, schema } = { db: app.testing.getDatabase().db, schema: app.testing.schema };
    const kb = schema.knowledgebaseArticles;
    const articles = await db.select().from(kb).where(eq(kb.published, true)).orderBy(asc(kb.displayOrder), asc(kb.id));
    await openDashboard(page);
    const release = await holdData(page, /\/dashboard\.data/);
    await nav(page).getByRole("link", { name: "Knowledgebase" }).click();
    await expect(page.locator('[data-slot="knowledgebase-skeleton"] [data-slot="skeleton"]')).toHaveCount(4);
    release();
    const triggers = page.getByRole("region").or(page.getByRole("button")).filter({ hasText: articles[0]!.title });
    await expect(triggers.first()).toBeVisible();
    const [first, second] = [articles[0]!, articles[1]!].map((a) => page.getByRole("button", { name: a.title }));
    await first!.click();
    await expect(first!).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("region", { name: articles[0]!.title })).toBeVisible();
    await second!.click();
    await expect(first!).toHaveAttribute("aria-expanded", "false");
    await expect(second!).toHaveAttribute("aria-expanded", "true");
    await second!.click();
    await expect(second!).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator('[data-slot="knowledgebase-skeleton"]')).toHaveCount(0);
  });

  test("every section passes the automated accessibility checks in both colour schemes", async ({
    page,
    app,
    context,
  }) => {
    await signInNewMember(app, context);
    for (const section of ["welcome", "user-info", "subscriptions", "billing-history", "knowledgebase"]) {
      await page.goto(`/dashboard?section=${section}`);
      // Both schemes on one load: the CSS follows prefers-color-scheme at once.
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
        await settle(page);
        const blocking = await blockingViolations(page, { coloursOnly: scheme === "dark" });
        expect(blocking, `${section} (${scheme})`).toEqual([]);
      }
    }
  });

  test("the loading placeholders pass the automated accessibility checks too", async ({ page, app, context }) => {
    await signInNewMember(app, context);
    // Hold the two lists the user-info section fetches after it shows, so their placeholders are
    // on the screen when it is scanned (on a quick machine they are gone before a scan begins).
    const release = await holdData(page, /\/api\/dashboard\/(passkeys|sessions)/);
    await page.goto("/dashboard?section=user-info");
    await expect(page.getByRole("status", { name: "Loading passkeys" })).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading signed-in devices" })).toBeVisible();
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await blockingViolations(page), "user-info while loading").toEqual([]);
    release();
    await expect(page.getByRole("status", { name: "Loading passkeys" })).toHaveCount(0);
  });
});
