import type { Page } from "@playwright/test";
import { and, asc, eq, sql } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import { holdData } from "../support/hold-data";

type App = { testing: typeof import("../support/server-entry.ts") };
type ResultType = "broadcastai" | "forex" | "high_lev_futures" | "low_lev_futures" | "spot";

const LABELS: Record<ResultType, string> = {
  broadcastai: "BroadcastAI",
  forex: "Forex",
  high_lev_futures: "High Leverage Futures",
  low_lev_futures: "Low Leverage Futures",
  spot: "Spot",
};

async function publishedResults(app: App, type: ResultType) {
  const { db } = app.testing.getDatabase();
  const { results } = app.testing.schema;
  return db
    .select()
    .from(results)
    .where(and(eq(results.type, type), eq(results.published, true)))
    .orderBy(asc(results.displayOrder), asc(results.id));
}

const cards = (page: Page) => page.locator('[data-slot="result-card"]');

async function expectCards(page: Page, rows: Awaited<ReturnType<typeof publishedResults>>) {
  await expect(cards(page).locator('[data-slot="card-title"]')).toHaveText(rows.map((r) => r.title));
}

test.describe("results", () => {
  test("opens on Low Leverage Futures with the published rows in display order", async ({ page, app }) => {
    await page.goto("/results");
    await expect(page).toHaveURL(/\/results$/);
    const tabs = page.getByRole("tablist", { name: "Result type" }).getByRole("tab");
    await expect(tabs).toHaveText(Object.values(LABELS));
    await expect(page.getByRole("tab", { name: "Low Leverage Futures" })).toHaveAttribute("aria-selected", "true");
    await expectCards(page, await publishedResults(app, "low_lev_futures"));
    await expect(page.getByRole("link", { name: "Join Today" })).toHaveAttribute("href", "/pricing");

    // An unknown type falls back to the default tab.
    await page.goto("/results?type=margin_calls");
    await expect(page.getByRole("tab", { name: "Low Leverage Futures" })).toHaveAttribute("aria-selected", "true");
    await expectCards(page, await publishedResults(app, "low_lev_futures"));
  });

  test("switching tabs puts the type in the URL and shows that type's cards", async ({ page, app }) => {
    await page.goto("/results");
    for (const type of ["forex", "spot", "broadcastai", "high_lev_futures", "low_lev_futures"] as const) {
      await page.getByRole("tab", { name: LABELS[type] }).click();
      await expect(page).toHaveURL(new RegExp(`\\?type=${type}$`));
      await expect(page.getByRole("tab", { name: LABELS[type] })).toHaveAttribute("aria-selected", "true");
      await expectCards(page, await publishedResults(app, type));
    }
    // The URL can be shared: opening it shows the same tab.
    await page.goto("/results?type=spot");
    await expect(page.getByRole("tab", { name: "Spot" })).toHaveAttribute("aria-selected", "true");
    await expectCards(page, await publishedResults(app, "spot"));
  });

  test("tabs navigate without moving the page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto("/results");
    await page.getByRole("tab", { name: "Forex" }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const before = await page.evaluate(() => window.scrollY);
    await page.getByRole("tab", { name: "Forex" }).click();
    await expect(page).toHaveURL(/\?type=forex$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  test("six skeleton cards show while a tab loads", async ({ page, app }) => {
    await page.goto("/results");
    await expect(page.getByRole("tab", { name: "Low Leverage Futures" })).toHaveAttribute("aria-selected", "true");
    const release = await holdData(page, "**/results.data*");
    await page.getByRole("tab", { name: "Spot" }).click();
    await expect(page.locator('[data-slot="result-card-skeleton"]')).toHaveCount(6);
    await expect(page.getByRole("tab", { name: "Spot" })).toHaveAttribute("aria-selected", "true");
    await expect(cards(page)).toHaveCount(0);
    release();
    await expect(page.locator('[data-slot="result-card-skeleton"]')).toHaveCount(0);
    await expectCards(page, await publishedResults(app, "spot"));
  });

  test("the win-rate bar is exactly the win rate wide and totals keep their sign", async ({ page, app }) => {
    for (const [type, how] of [
      ["spot", "document"],
      ["high_lev_futures", "tab"],
    ] as const) {
      if (how === "document") await page.goto(`/results?type=${type}`);
      else await page.getByRole("tab", { name: LABELS[type] }).click();
      const rows = await publishedResults(app, type);
      await expectCards(page, rows);
      expect(
        rows.some((r) => r.totalPercentage < 0),
        `${type} has a losing period`,
      ).toBe(true);
      for (const [i, row] of rows.entries()) {
        const card = cards(page).nth(i);
        await expect(card.locator('[data-slot="card-title"]')).toHaveText(row.title);
        const width = await card
          .locator('[data-slot="win-rate-bar"]')
          .evaluate((el) => (el as HTMLElement).style.width);
        expect(width, row.title).toBe(`${row.winRate}%`);
        await expect(card.getByRole("meter", { name: "Win rate" })).toHaveAttribute(
          "aria-valuenow",
          String(row.winRate),
        );
        await expect(card.locator('[data-slot="result-win-rate"]')).toHaveText(`${row.winRate}%`);
        const sign = row.totalPercentage > 0 ? "+" : row.totalPercentage < 0 ? "-" : "";
        await expect(card.locator('[data-slot="result-total"]')).toHaveText(`${sign}${Math.abs(row.totalPercentage)}%`);
        await expect(card.locator("dt")).toHaveText(["Signals", "Wins", "Losses"]);
        await expect(card.locator("dd")).toHaveText([String(row.signals), String(row.wins), String(row.losses)]);
      }
    }
  });

  test("an unpublished result never shows", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { results } = app.testing.schema;
    const [draft] = await db.select().from(results).where(eq(results.published, false));
    expect(draft).toBeTruthy();
    const [added] = await db
      .insert(results)
      .values({
        type: "forex",
        title: "Unaudited forex week",
        signals: 5,
        wins: 5,
        losses: 0,
        totalPercentage: 99,
        winRate: 100,
        published: false,
        displayOrder: 0,
      })
      .returning();
    try {
      await page.goto(`/results?type=${draft!.type}`);
      await expect(cards(page).first()).toBeVisible();
      await expect(page.getByText(draft!.title)).toHaveCount(0);
      // Loaded fresh through the tab (no page cache in between).
      await page.getByRole("tab", { name: "Forex" }).click();
      await expectCards(page, await publishedResults(app, "forex"));
      await expect(page.getByText("Unaudited forex week")).toHaveCount(0);
    } finally {
      await db.delete(results).where(eq(results.id, added!.id));
    }
  });

  test("a failing database shows a message and the tabs, not an error page", async ({
    page,
    app,
    context,
    baseURL,
  }) => {
    const { db } = app.testing.getDatabase();
    // A cookie keeps these answers out of the anonymous page cache.
    await context.addCookies([{ name: "e2e", value: "1", url: baseURL! }]);
    try {
      await db.execute(sql`ALTER TABLE results RENAME TO results_offline`);
      page.removeAllListeners("console"); // the browser logs the 503 document
      const failed = await page.goto("/results?type=forex");
      expect(failed!.status()).toBe(503);
      await expect(
        page.getByRole("alert").filter({ hasText: "Error loading results. Please try again later." }),
      ).toBeVisible();
      await expect(page.getByRole("tab", { name: "Forex" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("link", { name: "Join Today" })).toHaveAttribute("href", "/pricing");
    } finally {
      await db.execute(sql`ALTER TABLE IF EXISTS results_offline RENAME TO results`);
    }
    await page.goto("/results?type=forex");
    await expectCards(page, await publishedResults(app, "forex"));
  });
});
