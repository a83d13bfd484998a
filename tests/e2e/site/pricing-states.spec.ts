import { eq, sql } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import {
  card,
  cart,
  cartItems,
  cartTotal,
  nextStep,
  openPricing,
  plansFromDb,
  publishedPlan,
  storedCart,
  usd,
} from "../support/pricing";

// The pricing page entered with a plan chosen elsewhere, its notes and structured data, on a
// phone, without JavaScript, and when there is nothing to show.
test.describe("pricing page", () => {
  test("?plan=<slug> or <id> pre-adds that plan and leaves the address", async ({ page, app }) => {
    const vip = await publishedPlan(app, "vip-signals");
    const indicator = await publishedPlan(app, "indicator-pro");
    await page.goto(`/pricing?plan=${vip.planId}`);
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(cartItems(page)).toHaveText([new RegExp(vip.name)]);
    await expect(card(page, vip.name).getByRole("button", { name: "Remove from cart" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Other query parameters stay; an already chosen plan is not added twice.
    await page.goto(`/pricing?utm_source=mail&plan=${indicator.id}`);
    await expect(page).toHaveURL(/\/pricing\?utm_source=mail$/);
    await expect(cartItems(page)).toHaveText([new RegExp(vip.name), new RegExp(indicator.name)]);
    await page.goto(`/pricing?plan=${vip.planId}`);
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(cartItems(page)).toHaveCount(2);
  });

  test("a plan passed as preSelectedPlan navigation state is pre-added once, then the state is cleared", async ({
    page,
    app,
  }) => {
    const allInOne = await publishedPlan(app, "all-in-one");
    await openPricing(page);
    // Arrive with navigation state as React Router stores it, the way a Link with state would.
    await page.evaluate(
      (plan) => window.history.replaceState({ usr: { preSelectedPlan: plan }, key: "e2e", idx: 0 }, ""),
      allInOne.id,
    );
    await page.reload();
    await expect(cartItems(page)).toHaveText([new RegExp(allInOne.name)]);
    await expect.poll(() => page.evaluate(() => window.history.state?.usr ?? null)).toBeNull();
    // A reload does not bring it back once removed.
    await cart(page)
      .getByRole("button", { name: `Remove ${allInOne.name} from cart` })
      .click();
    await page.reload();
    await expect(cart(page).getByText("0 items")).toBeVisible();
    await expect(nextStep(page)).toBeDisabled();
  });

  test("an unknown or unpublished ?plan= adds nothing and is removed from the address", async ({ page, app }) => {
    const retired = (await plansFromDb(app)).find((p) => !p.published)!;
    for (const ref of ["no-such-plan", retired.planId, String(retired.id), "0"]) {
      await page.goto(`/pricing?plan=${encodeURIComponent(ref)}`);
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(cart(page).getByText("0 items")).toBeVisible();
      await expect(nextStep(page)).toBeDisabled();
    }
  });

  test("the payment row shows only what is accepted: USDT (TRC-20), no cards and no Stripe without its keys", async ({
    page,
  }) => {
    await openPricing(page);
    await expect(page.getByText("Pay with USDT on TRON (TRC-20)")).toBeVisible();
    await expect(page.getByText(/Stripe/)).toHaveCount(0);
    const methods = page.getByRole("list", { name: "Accepted payment methods" });
    await expect(methods.getByRole("img")).toHaveCount(1);
    const icon = methods.getByRole("img", { name: "Tether (USDT) on TRON (TRC-20)" });
    await expect(icon).toBeVisible();
    expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("JSON-LD describes each published plan as a Product with a USDT offer", async ({ page, app }) => {
    const published = (await plansFromDb(app)).filter((p) => p.published);
    await page.goto("/pricing");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const products = blocks.map((text) => JSON.parse(text)).filter((d) => d["@type"] === "Product");
    expect(products.map((p) => p.name)).toEqual(published.map((p) => p.name));
    const vip = published.find((p) => p.planId === "vip-signals")!;
    expect(vip.price % 1_000_000n).toBe(0n);
    expect(products.find((p) => p.name === vip.name).offers).toEqual({
      "@type": "Offer",
      price: (vip.price / 1_000_000n).toString(),
      priceCurrency: "USDT",
    });
  });

  test("on a phone the cart stays reachable and Next Step works", async ({ page, app }) => {
    const plans = (await plansFromDb(app)).filter((p) => p.published);
    const last = plans[plans.length - 1]!;
    await page.setViewportSize({ width: 390, height: 844 });
    await openPricing(page);
    await expect(cart(page)).toBeInViewport();
    await card(page, last.name).getByRole("button", { name: "Add to cart" }).click();
    // Still in view after scrolling down to the last card.
    await expect(cart(page)).toBeInViewport();
    await expect(cart(page).getByText("1 item", { exact: true })).toBeVisible();
    await expect(cartTotal(page)).toHaveText(`${usd(last.price)} /month`);
    // The item list folds away on small screens and opens on demand.
    await cart(page).getByRole("button", { name: "Show cart items" }).click();
    await expect(cartItems(page)).toHaveText([new RegExp(last.name)]);
    await nextStep(page).click();
    await expect(page).toHaveURL(/\/join\/details$/);
    expect(await storedCart(page)).toEqual({ planIds: [last.id], billingPeriod: "monthly" });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("plans and prices are readable from the server render", async ({ page, app }) => {
      const signals = await publishedPlan(app, "signals-bot");
      await page.goto("/pricing");
      await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
      await expect(card(page, signals.name)).toContainText(`${usd(signals.price)}/month`);
      await expect(page.getByText("Pay with USDT on TRON (TRC-20)")).toBeVisible();
    });

    test("Add to cart and Remove from cart post, and Next Step carries the cart to sign-up", async ({ page, app }) => {
      const [first, second] = (await plansFromDb(app)).filter((p) => p.published);
      await page.goto("/pricing");
      await card(page, first!.name).getByRole("button", { name: "Add to cart" }).click();
      // The answer is this page with the cart in its address: the same for everyone who asks for it.
      await expect(page).toHaveURL(new RegExp(`/pricing\\?cart=monthly%3A${first!.id}$`));
      await expect(card(page, first!.name).getByRole("button", { name: "Remove from cart" })).toBeVisible();
      await card(page, second!.name).getByRole("button", { name: "Add to cart" }).click();
      await expect(cartItems(page)).toHaveText([new RegExp(first!.name), new RegExp(second!.name)]);
      await expect(cartTotal(page)).toHaveText(`${usd(first!.price + second!.price)} /month`);
      await cart(page)
        .getByRole("button", { name: `Remove ${first!.name} from cart` })
        .click();
      await expect(cartItems(page)).toHaveText([new RegExp(second!.name)]);
      await card(page, first!.name).getByRole("button", { name: "Add to cart" }).click();
      await expect(cartItems(page)).toHaveText([new RegExp(second!.name), new RegExp(first!.name)]);

      await nextStep(page).click();
      await expect(page).toHaveURL(/\/join\/details\?cart=/);
      const selection = page.getByLabel("Your selection");
      await expect(selection).toContainText(second!.name);
      await expect(selection).toContainText(first!.name);
      // The sign-up form posts the same cart.
      expect(JSON.parse(await page.locator('input[name="cart"]').inputValue())).toEqual({
        planIds: [second!.id, first!.id],
        billingPeriod: "monthly",
      });
    });

    test("the period tabs are links: a period is chosen, a plan added at it, and Next Step carries both", async ({
      page,
      app,
    }) => {
      const [first, second] = (await plansFromDb(app)).filter((p) => p.published);
      const quarterly = (p: bigint) => ((p * 3n * 85n) / 100n / 1_000_000n) * 1_000_000n;
      const tab = (name: RegExp) => page.getByRole("tablist").getByRole("tab", { name });
      await page.goto("/pricing");
      await expect(tab(/Monthly/)).toHaveAttribute("aria-selected", "true");
      // Without arrow keys every tab stays in the Tab order.
      for (const name of [/Monthly/, /Quarterly/, /Lifetime/])
        await expect(tab(name)).not.toHaveAttribute("tabindex", "-1");

      await tab(/Quarterly/).click();
      await expect(page).toHaveURL(/\/pricing\?cart=quarterly%3A$/);
      await expect(tab(/Quarterly/)).toHaveAttribute("aria-selected", "true");
      await expect(tab(/Monthly/)).toHaveAttribute("aria-selected", "false");
      await expect(card(page, first!.name).locator('[data-slot="plan-price"]')).toContainText(
        usd(quarterly(first!.price)),
      );

      await card(page, first!.name).getByRole("button", { name: "Add to cart" }).click();
      await expect(page).toHaveURL(new RegExp(`/pricing\\?cart=quarterly%3A${first!.id}$`));
      await expect(tab(/Quarterly/)).toHaveAttribute("aria-selected", "true");
      await expect(cartTotal(page)).toHaveText(`${usd(quarterly(first!.price))} /3 months`);

      // Another period keeps the cart; the plan added next joins it at that period.
      await tab(/Lifetime/).click();
      await expect(page).toHaveURL(new RegExp(`/pricing\\?cart=lifetime%3A${first!.id}$`));
      await expect(tab(/Lifetime/)).toHaveAttribute("aria-selected", "true");
      await card(page, second!.name).getByRole("button", { name: "Add to cart" }).click();
      await expect(page).toHaveURL(new RegExp(`/pricing\\?cart=lifetime%3A${first!.id}%2C${second!.id}$`));
      await expect(cartItems(page)).toHaveText([new RegExp(first!.name), new RegExp(second!.name)]);

      await nextStep(page).click();
      await expect(page).toHaveURL(/\/join\/details\?cart=/);
      expect(JSON.parse(await page.locator('input[name="cart"]').inputValue())).toEqual({
        planIds: [first!.id, second!.id],
        billingPeriod: "lifetime",
      });
    });
  });

  test("no published plans, or a failing database, shows its message instead of an error page", async ({
    page,
    app,
    context,
    baseURL,
  }) => {
    const { db } = app.testing.getDatabase();
    const { pricing } = app.testing.schema;
    // A cookie keeps these answers out of the anonymous page cache.
    await context.addCookies([{ name: "e2e", value: "1", url: baseURL! }]);
    const published = (await plansFromDb(app)).filter((p) => p.published).map((p) => p.id);
    try {
      await db.update(pricing).set({ published: false });
      const empty = await page.goto("/pricing");
      expect(empty!.status()).toBe(200);
      await expect(page.getByText("Error loading pricing plans. Please try again later.")).toBeVisible();
      await expect(page.getByRole("tablist")).toHaveCount(0);

      await db.execute(sql`ALTER TABLE pricing RENAME TO pricing_offline`);
      page.removeAllListeners("console"); // the browser logs the 503 document
      const failed = await page.goto("/pricing");
      expect(failed!.status()).toBe(503);
      await expect(page.getByText("Error loading pricing plans. Please try again later.")).toBeVisible();
      await expect(page.getByText("Pay with USDT on TRON (TRC-20)")).toBeVisible();
      // The home page's plan grid says the same, and the page is not cached as if all were well.
      const home = await page.goto("/");
      expect(home!.status()).toBe(503);
      await expect(page.getByText("Error loading pricing plans. Please try again later.")).toBeVisible();
    } finally {
      await db.execute(sql`ALTER TABLE IF EXISTS pricing_offline RENAME TO pricing`);
      for (const id of published) await db.update(pricing).set({ published: true }).where(eq(pricing.id, id));
    }
  });
});
