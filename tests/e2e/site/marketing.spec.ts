import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { formatUsdt } from "../../../app/lib/money";
import { discountClaim } from "../../../app/lib/site-claims";
import { expect, test } from "../support/fixtures";

const BRAND = "NovaSignals";
const CARDS = ["Real-time signals in Telegram", "AI algorithms", "Customizable strategies", "24/7 operation"];

/** Titles of the benefit cards that are fully inside the carousel's viewport, left to right. */
async function cardsInView(carousel: Locator) {
  return carousel.evaluate((region) => {
    const view = region.getBoundingClientRect();
    return [...region.querySelectorAll("article")]
      .map((card) => ({ rect: card.getBoundingClientRect(), title: card.querySelector("h3")?.textContent ?? "" }))
      .filter(({ rect }) => rect.left >= view.left - 2 && rect.right <= view.right + 2)
      .sort((a, b) => a.rect.left - b.rect.left)
      .map(({ title }) => title);
  });
}

async function firstCardInView(carousel: Locator) {
  return (await cardsInView(carousel))[0];
}

function benefitCarousel(page: Page) {
  return page.getByRole("region", { name: "Benefits", exact: true });
}

/** Scrolls to the lower part of the home page, as a reader would, and waits until it has hydrated. */
async function scrollToLowerHome(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect(page.locator('[data-slot="below-the-fold"]')).toHaveAttribute("data-state", "ready");
}

test.describe("home page", () => {
  test("has its sections in order, with their texts and links", async ({ page, app }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(`AI-powered crypto and forex signals | ${BRAND}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      "AI-powered trading signals, delivered in Telegram",
    );
    await expect(main.getByRole("heading", { level: 2 })).toHaveText([
      "Trade with a plan, not a hunch",
      `What you get with ${BRAND}`,
      `Why You Need ${BRAND}`,
      `What is ${BRAND}?`,
      "Choose your plan",
      "Works with the platforms you already use",
      `The ${BRAND} Indicator`,
      `Start trading with ${BRAND} today`,
    ]);

    const joinToday = main.getByRole("link", { name: "Join Today" });
    const signUp = main.getByRole("link", { name: "Sign Up Now" });
    const learnMore = main.getByRole("link", { name: "Learn more" });
    const joinNow = main.getByRole("link", { name: "Join Now" });
    await expect(joinToday).toHaveAttribute("href", "/pricing");
    await expect(signUp).toHaveAttribute("href", "/join/details");
    await expect(learnMore).toHaveAttribute("href", "/indicator");
    await expect(joinNow).toHaveAttribute("href", "/pricing");

    // The claims of "What is", the plans' discount as its banner; figures come from the data.
    const whatIs = main.getByRole("region", { name: `What is ${BRAND}?` });
    // The banner follows the published plans' discounts, which other tests of this worker may have changed.
    const { pricing } = app.testing.schema;
    const discounts = (
      await app.testing.getDatabase().db.select().from(pricing).where(eq(pricing.published, true))
    ).map((plan) => plan.discount ?? 0);
    const banner = discountClaim({
      largestDiscount: Math.max(...discounts),
      smallestDiscount: Math.min(...discounts),
    });
    for (const claim of [/^\d+% win rate$/, ...(banner ? [banner] : []), "Futures, forex and spot"]) {
      await expect(whatIs.getByText(claim, { exact: true })).toBeVisible();
    }
    await expect(whatIs.getByText(/enters trades at the same time as the provider/)).toBeVisible();

    const platforms = main.getByRole("region", { name: "Works with the platforms you already use" });
    await expect(platforms.getByRole("heading", { level: 3 })).toHaveText([
      "Telegram",
      "TradingView",
      "Binance",
      "Bybit",
      "MetaTrader",
    ]);

    await expect(benefitCarousel(page).getByRole("heading", { level: 3 })).toHaveText(CARDS);
    await expect(main.getByRole("tablist", { name: "Billing period" })).toBeVisible();

    // Document order: hero, carousel, Why, What is, plans, platforms, indicator teaser, Join Now.
    const order = [
      joinToday,
      benefitCarousel(page),
      signUp,
      whatIs.getByText("Futures, forex and spot", { exact: true }),
      main.getByRole("tablist", { name: "Billing period" }),
      platforms,
      learnMore,
      joinNow,
    ];
    const tops: number[] = [];
    for (const locator of order) tops.push((await locator.boundingBox())!.y);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));

    await main.getByRole("link", { name: "Learn more" }).click();
    await expect(page).toHaveURL(/\/indicator$/);
  });

  test("every figure it shows comes from the data: results, members, the plans' discount", async ({
    page,
    app,
    context,
    baseURL,
  }) => {
    const { db } = app.testing.getDatabase();
    const { results, pricing } = app.testing.schema;
    // A cookie keeps these answers out of the anonymous page cache, so each visit reads the data afresh.
    await context.addCookies([{ name: "e2e", value: "1", url: baseURL! }]);
    const whatIs = page.getByRole("main").getByRole("region", { name: `What is ${BRAND}?` });
    const published = await db.select().from(results).where(eq(results.published, true));
    const wins = published.reduce((sum, r) => sum + r.wins, 0);
    const closed = published.reduce((sum, r) => sum + r.wins + r.losses, 0);
    const rate = (w: number, c: number) => `${Math.floor((w / c) * 100)}% win rate`;

    await page.goto("/");
    await scrollToLowerHome(page, whatIs);
    await expect(whatIs.getByText(rate(wins, closed), { exact: true })).toBeVisible();
    await expect(
      whatIs.getByText(`${wins.toLocaleString("en-US")} of ${closed.toLocaleString("en-US")} closed`),
    ).toBeVisible();
    // A handful of test accounts: too few members to claim a number.
    await expect(whatIs.getByText(/members$/)).toHaveCount(0);
    const text = (await page.getByRole("main").textContent()) ?? "";
    for (const unproven of ["50,000", "since 2017", "FOREVER", "40+"]) expect(text).not.toContain(unproven);

    // A month of results published: the rate moves with it.
    const [added] = await db
      .insert(results)
      .values({
        type: "spot",
        title: "A month of misses",
        signals: 1000,
        wins: 0,
        losses: 1000,
        totalPercentage: -50,
        winRate: 0,
        published: true,
        displayOrder: 99,
      })
      .returning();
    const [plan] = await db.select().from(pricing).where(eq(pricing.published, true)).limit(1);
    try {
      await page.reload();
      await scrollToLowerHome(page, whatIs);
      await expect(whatIs.getByText(rate(wins, closed + 1000), { exact: true })).toBeVisible();
      // One plan's discount changed in the back office: the banner no longer says "every plan".
      await db.update(pricing).set({ discount: 30 }).where(eq(pricing.id, plan!.id));
      await page.reload();
      await scrollToLowerHome(page, whatIs);
      await expect(whatIs.getByText("Up to 60% off", { exact: true })).toBeVisible();
    } finally {
      await db.delete(results).where(eq(results.id, added!.id));
      await db.update(pricing).set({ discount: plan!.discount }).where(eq(pricing.id, plan!.id));
    }
  });

  test("carries the Organization JSON-LD", async ({ page, app }) => {
    await page.goto("/");
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const origin = new URL(app.url).origin;
    const footer = page.getByRole("contentinfo");
    const community = await Promise.all(
      ["Telegram channel", "X (Twitter)", "Discord community"].map((name) =>
        footer.getByRole("link", { name }).getAttribute("href"),
      ),
    );
    expect(JSON.parse(json!)).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: BRAND,
      url: origin,
      logo: `${origin}/favicon.svg`,
      sameAs: community,
    });
  });

  test("the carousel moves with its buttons and arrow keys, and loops", async ({ page }) => {
    await page.goto("/");
    const carousel = benefitCarousel(page);
    const previous = page.getByRole("button", { name: "Previous slide" });
    const next = page.getByRole("button", { name: "Next slide" });
    await scrollToLowerHome(page, carousel);
    await expect(next).toBeEnabled(); // enabled once the carousel has hydrated
    await expect(previous).toBeEnabled(); // it loops, so both directions are always possible
    await expect.poll(() => cardsInView(carousel)).toEqual([CARDS[0], CARDS[1]]);

    await next.click();
    await expect.poll(() => firstCardInView(carousel)).toBe(CARDS[1]);
    await previous.click();
    await expect.poll(() => firstCardInView(carousel)).toBe(CARDS[0]);
    await previous.click();
    await expect.poll(() => firstCardInView(carousel)).toBe(CARDS[3]);

    await carousel.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => firstCardInView(carousel)).toBe(CARDS[0]);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => firstCardInView(carousel)).toBe(CARDS[1]);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => firstCardInView(carousel)).toBe(CARDS[0]);
    // The keys also work with focus on a button, as after clicking it.
    await next.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => firstCardInView(carousel)).toBe(CARDS[1]);
  });

  test("the plan tabs switch prices, and every feature of every published plan is listed", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const plans = (await db.select().from(app.testing.schema.pricing))
      .filter((plan) => plan.published)
      .sort((a, b) => a.displayOrder - b.displayOrder);
    const hidden = (await db.select().from(app.testing.schema.pricing)).filter((plan) => !plan.published);
    expect(plans.length).toBeGreaterThan(1);

    await page.goto("/");
    const tabs = page.getByRole("tablist", { name: "Billing period" });
    await scrollToLowerHome(page, tabs);
    await expect(tabs.getByRole("tab")).toHaveText(["Monthly", /^Quarterly/, "Lifetime"]);
    await expect(tabs.getByRole("tab", { name: "Monthly" })).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");

    for (const plan of plans) {
      await expect(panel.getByRole("list", { name: `${plan.name} features` }).getByRole("listitem")).toHaveText(
        plan.features,
      );
      await expect(panel.getByRole("link", { name: `Choose ${plan.name}` })).toHaveAttribute("href", "/pricing");
    }
    for (const plan of hidden) await expect(page.getByText(plan.name)).toHaveCount(0);

    const plan = plans[0]!;
    const card = panel.getByLabel(plan.name, { exact: true });
    // In whole USDT: quarterly = floor(price × 3 × 0.85), lifetime = price × 12.
    const quarterly = ((plan.price * 3n * 85n) / 100n / 1_000_000n) * 1_000_000n;
    const lifetime = plan.price * 12n;
    await expect(card.getByText(formatUsdt(plan.price), { exact: true })).toBeVisible();
    await expect(card.getByText("/month", { exact: true })).toBeVisible();

    await tabs.getByRole("tab", { name: /^Quarterly/ }).click();
    await expect(card.getByText(formatUsdt(quarterly), { exact: true })).toBeVisible();
    await expect(card.getByText("/3 months", { exact: true })).toBeVisible();

    await tabs.getByRole("tab", { name: "Lifetime" }).click();
    await expect(card.getByText(formatUsdt(lifetime), { exact: true })).toBeVisible();
    await expect(card.getByText("lifetime", { exact: true })).toBeVisible();
    await expect(panel.getByRole("list", { name: `${plan.name} features` }).getByRole("listitem")).toHaveText(
      plan.features,
    );

    // Choosing a plan on the Lifetime tab opens the pricing page with it in the cart, at lifetime.
    await panel.getByRole("link", { name: `Choose ${plan.name}` }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(
      page.getByRole("tablist", { name: "Choose plan type" }).getByRole("tab", { name: "Lifetime" }),
    ).toHaveAttribute("aria-selected", "true");
    const cart = page.getByRole("complementary", { name: "Your cart" });
    await expect(cart.getByRole("list", { name: "Cart items" }).getByRole("listitem")).toHaveCount(1);
    await expect(cart.locator('[data-slot="cart-total"]')).toContainText(formatUsdt(lifetime));
    await expect(cart.locator("p", { has: page.locator('[data-slot="cart-total"]') })).toHaveText(
      `Total ${formatUsdt(lifetime)} lifetime`,
    );
  });
});

test.describe("home page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows one benefit card per view", async ({ page }) => {
    await page.goto("/");
    const carousel = benefitCarousel(page);
    await scrollToLowerHome(page, carousel);
    await expect(page.getByRole("button", { name: "Next slide" })).toBeEnabled();
    await expect.poll(() => cardsInView(carousel)).toEqual([CARDS[0]]);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => cardsInView(carousel)).toEqual([CARDS[1]]);
  });
});

test.describe("home page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("renders every section, the benefit cards as a scrollable row", async ({ page }) => {
    await page.goto("/");
    const carousel = benefitCarousel(page);
    await expect(carousel.getByRole("heading", { level: 3 })).toHaveText(CARDS);
    expect(await carousel.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
    await expect(page.getByRole("link", { name: "Join Now" })).toHaveAttribute("href", "/pricing");
    await expect(
      page
        .getByRole("tabpanel")
        .getByRole("link", { name: /^Choose / })
        .first(),
    ).toBeVisible();
  });
});

test.describe("marketing pages", () => {
  test("/signals describes the signals and links to plans and results", async ({ page }) => {
    await page.goto("/signals");
    await expect(page).toHaveTitle(`Crypto and Forex Signals in Telegram | ${BRAND}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Crypto and forex signals, straight to Telegram");
    await expect(main.getByRole("heading", { level: 3, name: "Signals Bot in Telegram" })).toBeVisible();
    await expect(main.getByRole("heading", { level: 3, name: "VIP Signals" })).toBeVisible();
    await expect(main.getByRole("link", { name: "View plans", exact: true })).toHaveAttribute("href", "/pricing");
    await expect(main.getByRole("link", { name: "Open the Results Tracker" })).toHaveAttribute("href", "/results");
    await expect(main.getByRole("complementary", { name: "Risk warning" })).toContainText("Trading involves risk.");
    expect(await main.textContent()).not.toMatch(/course/i);
    await main.getByRole("link", { name: "See results", exact: true }).click();
    await expect(page).toHaveURL(/\/results$/);
  });

  test("/indicator's subscribe button goes to /pricing", async ({ page }) => {
    await page.goto("/indicator");
    await expect(page).toHaveTitle(`TradingView Indicator | ${BRAND}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(`The ${BRAND} Indicator for TradingView`);
    await expect(main.getByRole("complementary", { name: "Risk warning" })).toBeVisible();
    expect(await main.textContent()).not.toMatch(/course/i);
    await main.getByRole("link", { name: "Subscribe now", exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("/why-{product} is linked from the footer and links to /pricing and /signals", async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: `Why ${BRAND}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/why-${BRAND.toLowerCase()}$`));
    const response = await page.goto(`/why-${BRAND.toLowerCase()}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`Why Choose Us | ${BRAND}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(`Why traders choose ${BRAND}`);
    for (const offer of ["Signals Bot in Telegram", "VIP Signals", "TradingView Indicator", "Results Tracker"]) {
      await expect(main.getByRole("heading", { level: 3, name: offer })).toBeVisible();
    }
    await expect(main.getByRole("complementary", { name: "Risk warning" })).toBeVisible();
    expect(await main.textContent()).not.toMatch(/course/i);
    expect(await main.textContent()).not.toMatch(/50,000|since 2017|40\+/);
    await expect(main.getByRole("link", { name: "See pricing", exact: true })).toHaveAttribute("href", "/pricing");
    await main.getByRole("link", { name: "Explore signals", exact: true }).click();
    await expect(page).toHaveURL(/\/signals$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crypto and forex signals, straight to Telegram");
  });

  test("another single segment is the 404 page", async ({ page }) => {
    for (const path of ["/why-other", "/anything-else"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    }
  });
});
