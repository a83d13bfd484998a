import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { eq, inArray } from "drizzle-orm";
import { AGO, BEFORE, countChange, moneyChange } from "~/components/admin/overview/change";
import { formatDate } from "~/lib/dates";
import { plural } from "~/lib/plural";
import { formatUsdt } from "../../../app/lib/money.ts";
import { seedOverview, seedUnconvertedTrial } from "../../helpers/overview-seed";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

type App = { testing: typeof import("../support/server-entry.ts") };

const figure = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const usdt = (micro: string) => formatUsdt(BigInt(micro), { suffix: true });

/**
 * Known members, subscriptions and ledger rows around the real `now`, once per worker. They stay:
 * the ledger is append-only, the worker's database is thrown away, and the seeded plans are
 * unpublished and the members tagged, so no other spec meets them.
 */
let seeded: Promise<unknown> | undefined;

test.describe("the back office's overview", () => {
  test.beforeAll(async ({ app }) => {
    const { testing } = app as App;
    const { db } = testing.getDatabase();
    const now = new Date();
    seeded ??= seedOverview(db, testing.schema, now).then((seed) =>
      seedUnconvertedTrial(db, testing.schema, now, seed),
    );
    await seeded;
  });

  test("an operator sees the figures, the charts with their tables, and switches to 90 days", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "admin");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin");
    await waitForHydration(page);
    const { testing } = app as App;
    // The figures the server computes for this database now (their exact values are proven by
    // tests/integration/admin/admin-overview.test.ts); the page must show each of them.
    const expected = await testing.getAdminOverview({ db: testing.getDatabase().db, role: "admin" });
    const money = expected.money!;
    // Each card: the figure, its short label, its change against the previous period.
    await expect(figure(page, "Total members")).toContainText(String(expected.totalMembers.now));
    await expect(figure(page, "Total members")).toContainText(
      countChange(expected.totalMembers.now, expected.totalMembers.days30Ago, AGO),
    );
    await expect(figure(page, "Active members")).toContainText(String(expected.activeMembers));
    expect(expected.activeMembers).toBeGreaterThanOrEqual(6);
    await expect(figure(page, "Active members")).toContainText(/vs 30 days ago/);
    await expect(figure(page, "Sign-ups, 30 days")).toContainText(`7 days ${expected.signUps.days7}`);
    await expect(figure(page, "MRR")).toContainText(usdt(money.mrr));
    await expect(figure(page, "MRR")).toContainText(moneyChange(money.mrr, money.mrr30dAgo, AGO));
    await expect(figure(page, "Lifetime sales")).toContainText(usdt(money.lifetimeSales.sum));
    await expect(figure(page, "Lifetime sales")).toContainText(plural(money.lifetimeSales.count, "checkout"));
    const deposits = figure(page, "Deposits, 30 days");
    await expect(deposits).toContainText(usdt(money.deposits.days30.sum));
    await expect(deposits).toContainText(moneyChange(money.deposits.days30.sum, money.deposits.previous30.sum, BEFORE));
    // Split by method, so USDT and card money can be told apart.
    const { usdt: byUsdt, card: byCard } = money.deposits.byMethod;
    await expect(deposits).toContainText(`USDT ${usdt(byUsdt.days30.sum)} · Card ${usdt(byCard.days30.sum)}`);
    // Staff credits on a line of their own, said plainly not to be deposits.
    const credits = figure(page, "Staff credits, 30 days");
    await expect(credits).toContainText(usdt(money.staffCredits.days30.sum));
    await expect(credits).toContainText("Not deposits");
    const trials = figure(page, "Trial conversions, 30 days");
    await expect(trials).toContainText(String(money.trials.days30.converted));
    await expect(trials).toContainText(`${money.trials.days30.started} started`);
    await expect(trials).toContainText(`${money.trials.onTrialNow} on trial now`);
    // The seeded trial that its member's balance will not convert is counted apart, after the shortfall.
    const atRisk = money.renewalsAtRisk;
    expect(atRisk.trials).toBeGreaterThanOrEqual(1);
    await expect(figure(page, "Renewals at risk")).toContainText(
      `${plural(atRisk.members, "member")} · ${usdt(atRisk.shortfall)} short · ${plural(atRisk.trials, "trial")} won’t convert`,
    );
    await expect(figure(page, "Churn, 30 days")).toContainText(
      `${money.churn30d.ended} ended of ${money.churn30d.activeAtStart} active 30 days ago`,
    );

    // The definitions are behind each card's info button, not on the card; the keyboard opens and
    // closes them.
    await expect(page.getByText("quarterly price ÷ 3")).toBeHidden();
    const about = page.getByRole("button", { name: "How MRR is counted" });
    await about.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(/quarterly price ÷ 3/)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByText(/quarterly price ÷ 3/)).toBeHidden();
    await page.getByRole("button", { name: "How Staff credits, 30 days is counted" }).click();
    await expect(page.getByText(/it is not a deposit and not revenue/)).toBeVisible();
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page.getByText(/it is not a deposit and not revenue/)).toBeHidden();

    for (const chart of ["revenue-chart", "sign-ups-chart", "active-chart"]) {
      await expect(page.locator(`[data-chart="${chart}"] svg.recharts-surface`)).toBeVisible();
    }
    const revenue = page.getByRole("table", { name: "Revenue per day, by UTC day" });
    await expect(revenue.getByRole("row")).toHaveCount(31);
    const today = expected.series.revenue!.at(-1)!;
    await expect(revenue.getByRole("row").last()).toContainText(`${formatDate(today.day)}${usdt(today.amount)}`);
    const active = page.getByRole("table", { name: "Active members, by UTC day" });
    await expect(active.getByRole("row").last()).toContainText(String(expected.activeMembers));
    await expect(page.getByRole("figure", { name: "Sign-ups per day" })).toBeVisible();

    await page.getByRole("navigation", { name: "Chart range" }).getByRole("link", { name: "90 days" }).click();
    await expect(page).toHaveURL(/\/admin\?days=90$/);
    await expect(page.getByRole("heading", { name: "Last 90 days" })).toBeVisible();
    await expect(revenue.getByRole("row")).toHaveCount(91);
    await expectAccessible(page, "overview, 90 days");
  });

  test("support sees members and sign-ups but no money, and the page fits 375 px", async ({ page, app, context }) => {
    await signUpStaff(app, context, "support");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin");
    await waitForHydration(page);
    await expect(figure(page, "Active members")).toBeVisible();
    await expect(page.locator('[data-chart="active-chart"] svg.recharts-surface')).toBeVisible();
    await expect(figure(page, "Total members")).toBeVisible();
    for (const name of ["MRR", "Lifetime sales", "Deposits, 30 days", "Staff credits, 30 days", "Renewals at risk"]) {
      await expect(figure(page, name)).toHaveCount(0);
    }
    await expect(page.getByRole("heading", { name: "Money" })).toHaveCount(0);
    await expect(page.getByRole("figure", { name: "Revenue per day" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "overview for support at 375 px");
  });

  test("an operator's page fits 375 px with every figure and chart", async ({ page, app, context }) => {
    await signUpStaff(app, context, "owner");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin");
    await waitForHydration(page);
    await expect(page.locator('[data-chart="revenue-chart"] svg.recharts-surface')).toBeVisible();
    await expectNoSidewaysScroll(page);
    // A definition opens within the phone's width, by touch, and closes again.
    await page.getByRole("button", { name: "How Deposits, 30 days is counted" }).click();
    const definition = page.getByText(/Staff credits are not deposits/);
    await expect(definition).toBeVisible();
    const box = (await definition.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expectAccessible(page, "overview at 375 px, a definition open");
    await page.getByRole("button", { name: "Close" }).click();
    await expect(definition).toBeHidden();
    await expectAccessible(page, "overview at 375 px");
  });

  test("MRR counts what renewals charge: an every-renewal 50 % code half, a first-period code in full", async ({
    page,
    app,
    context,
  }) => {
    const { testing } = app as App;
    const { db } = testing.getDatabase();
    const { user, profiles, pricing, coupons, subscriptions } = testing.schema;
    await signUpStaff(app, context, "owner");
    const before = (await testing.getAdminOverview({ db, role: "owner" })).money!;
    const tag = crypto.randomUUID().slice(0, 8);
    const [plan] = await db
      .insert(pricing)
      .values({ planId: `ov-coded-${tag}`, name: `Overview coded ${tag}`, price: 20_000_000n, published: false })
      .returning({ id: pricing.id });
    const [code] = await db
      .insert(coupons)
      .values({ code: `OVHALF${tag.toUpperCase()}`, kind: "percent", percentOff: 50, duration: "forever" })
      .returning({ id: coupons.id });
    const ids = [`ov-${tag}-every`, `ov-${tag}-once`];
    for (const id of ids) {
      await db.insert(user).values({ id, name: "Overview coded", email: `${id}@example.com` });
      await db.insert(profiles).values({ id, firstName: "Overview", lastName: "Coded" });
    }
    const due = new Date(Date.now() + 20 * 86_400_000);
    // The first holds the code's rule for every renewal; the second's code took off its first month only.
    const subs = await db
      .insert(subscriptions)
      .values([
        { userId: ids[0]!, planId: plan!.id, billingPeriod: "monthly", nextBillingDate: due, couponId: code!.id },
        { userId: ids[1]!, planId: plan!.id, billingPeriod: "monthly", nextBillingDate: due },
      ])
      .returning({ id: subscriptions.id });
    try {
      await page.goto("/admin");
      await waitForHydration(page);
      const mrr = figure(page, "MRR");
      await expect(mrr).toContainText(usdt((BigInt(before.mrr) + 10_000_000n + 20_000_000n).toString()));
      await expect(mrr).toContainText(plural(before.mrrSubscriptions + 2, "paid recurring subscription"));
      await page.getByRole("button", { name: "How MRR is counted" }).click();
      await expect(page.getByText(/less what their coupon code still takes off renewals/)).toBeVisible();
      await page.getByRole("button", { name: "Close" }).click();
    } finally {
      // Other specs of this worker meet neither the code in the coupons list nor these subscriptions.
      await db.delete(subscriptions).where(
        inArray(
          subscriptions.id,
          subs.map((sub) => sub.id),
        ),
      );
      await db.delete(coupons).where(eq(coupons.id, code!.id));
    }
  });
});
