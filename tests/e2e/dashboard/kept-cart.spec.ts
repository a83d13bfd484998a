import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import { createMember, markEmailVerified, openDashboard, signInNewMember, submitSignUp } from "../support/member";
import { latestMail, linkIn } from "../support/outbox";
import { card, cartItems, openPricing, plansFromDb } from "../support/pricing";

const PASSWORD = "Analytical1";

/** The dashboard's cart as the member reads it: the plans in Subscriptions' cart. */
const dashboardCart = (page: Page) =>
  page
    .getByRole("complementary", { name: "Your cart" })
    .getByRole("list", { name: "Cart items" })
    .getByRole("listitem");

async function signIn(page: Page, email: string, options: { carrying?: boolean } = {}) {
  await page.goto("/signin");
  // This tab's cart rides along in a hidden field, filled once the page has hydrated.
  if (options.carrying) await expect(page.locator('input[name="cart"]')).not.toHaveValue("");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

async function freshPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test.describe("the cart kept with the account", () => {
  test("plans picked before sign-up are in the cart after confirming the email elsewhere and after a later sign-in", async ({
    page,
    app,
    browser,
  }) => {
    const { db } = app.testing.getDatabase();
    const { memberCarts, user } = app.testing.schema;
    const [first, second, third] = (await plansFromDb(app)).filter((p) => p.published);

    // Anonymous: two plans on /pricing, then sign up.
    await openPricing(page);
    await card(page, first!.name).getByRole("button", { name: "Add to cart" }).click();
    await card(page, second!.name).getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("button", { name: "Next Step" }).click();
    const email = `kept-${crypto.randomBytes(4).toString("hex")}@example.com`;
    await submitSignUp(page, {
      firstName: "Kit",
      lastName: "Keeper",
      email,
      password: PASSWORD,
      telegram: "@kit_keeper",
    });
    await expect(page).toHaveURL(/\/dashboard\?section=order$/);
    const [account] = await db.select().from(user).where(eq(user.email, email));
    const [kept] = await db.select().from(memberCarts).where(eq(memberCarts.userId, account!.id));
    expect(kept).toMatchObject({ planIds: [first!.id, second!.id], billingPeriod: "monthly" });

    // The verification link opened in another browser (no session, no tab storage), then signing in there.
    await expect.poll(() => latestMail(app.dataDir, email)).toContain("/verify-email?token=");
    const link = linkIn(latestMail(app.dataDir, email)!, "/verify-email?token=")!;
    const other = await freshPage(browser, app.url);
    await other.page.goto(link);
    await other.page.getByRole("button", { name: "Verify email" }).click();
    await expect(other.page.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
    await signIn(other.page, email);
    await openDashboard(other.page, "subscriptions");
    await expect(dashboardCart(other.page)).toHaveText([new RegExp(first!.name), new RegExp(second!.name)]);

    // A change there is kept too: the second plan leaves the cart.
    await other.page
      .getByRole("list", { name: "Plans" })
      .getByRole("group", { name: second!.name, exact: true })
      .getByRole("button", { name: "Remove from cart" })
      .click();
    await expect(dashboardCart(other.page)).toHaveText([new RegExp(first!.name)]);
    await expect
      .poll(async () => (await db.select().from(memberCarts).where(eq(memberCarts.userId, account!.id)))[0]?.planIds)
      .toEqual([first!.id]);
    await other.page.getByRole("button", { name: "Logout" }).click();
    await expect(other.page).toHaveURL(/\/$/);
    await other.context.close();

    // Later, a third browser: a plan picked before signing in joins the kept cart.
    const later = await freshPage(browser, app.url);
    await openPricing(later.page);
    await card(later.page, third!.name).getByRole("button", { name: "Add to cart" }).click();
    await signIn(later.page, email, { carrying: true });
    await openDashboard(later.page, "subscriptions");
    await expect(dashboardCart(later.page)).toHaveText([new RegExp(first!.name), new RegExp(third!.name)]);
    await later.context.close();
  });

  test("a plan picked before signing in with an emailed code joins the kept cart", async ({ page, app }) => {
    const [first] = (await plansFromDb(app)).filter((p) => p.published);
    const email = `coded-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const { userId } = await createMember(app, email);
    await markEmailVerified(app, userId);

    await openPricing(page);
    await card(page, first!.name).getByRole("button", { name: "Add to cart" }).click();
    await expect(cartItems(page)).toHaveText([new RegExp(first!.name)]);

    // Signed in to a page without a cart (User Info): the plan joined the account's cart at the
    // sign-in itself, carried in the code step's hidden field (filled once it has hydrated).
    await page.goto("/signin/code?redirectTo=%2Fdashboard%3Fsection%3Duser-info");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in code" }).click();
    await expect.poll(() => latestMail(app.dataDir, email)).toMatch(/sign-in code is \d{6}/);
    const code = /sign-in code is (\d{6})/.exec(latestMail(app.dataDir, email)!)![1]!;
    await expect(page.locator('input[name="cart"]')).not.toHaveValue("");
    await page.getByLabel("Sign-in code").fill(code);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);
    const { db } = app.testing.getDatabase();
    const { memberCarts } = app.testing.schema;
    const [kept] = await db.select().from(memberCarts).where(eq(memberCarts.userId, userId));
    expect(kept?.planIds).toEqual([first!.id]);
    await openDashboard(page, "subscriptions");
    await expect(dashboardCart(page)).toHaveText([new RegExp(first!.name)]);
  });

  test("a signed-in member's picks on /pricing are kept with the account at once; an anonymous visitor's stay in the tab", async ({
    page,
    context,
    app,
    browser,
  }) => {
    const { db } = app.testing.getDatabase();
    const { memberCarts } = app.testing.schema;
    const [first, second] = (await plansFromDb(app)).filter((p) => p.published);
    const cartPosts: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/dashboard/cart") cartPosts.push(request.method());
    });

    // Anonymous: picking on /pricing writes nothing to any account.
    await openPricing(page);
    await card(page, first!.name).getByRole("button", { name: "Add to cart" }).click();
    await expect(cartItems(page)).toHaveText([new RegExp(first!.name)]);
    await card(page, first!.name).getByRole("button", { name: "Remove from cart" }).click();
    await expect(cartItems(page)).toHaveCount(0);
    expect(cartPosts).toEqual([]);

    // Signed in: each change on /pricing is the account's cart, without opening the dashboard.
    const member = await signInNewMember(app, context);
    const kept = async () => (await db.select().from(memberCarts).where(eq(memberCarts.userId, member.userId)))[0];
    await openPricing(page);
    await card(page, first!.name).getByRole("button", { name: "Add to cart" }).click();
    await card(page, second!.name).getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("tab", { name: /Quarterly/ }).click();
    await expect.poll(async () => (await kept())?.billingPeriod).toBe("quarterly");
    expect(await kept()).toMatchObject({ planIds: [first!.id, second!.id], billingPeriod: "quarterly" });
    await card(page, second!.name).getByRole("button", { name: "Remove from cart" }).click();
    await expect.poll(async () => (await kept())?.planIds).toEqual([first!.id]);

    // The tab closes; the same account on another device finds the cart on its dashboard.
    const cookies = await context.cookies();
    await page.close();
    const other = await freshPage(browser, app.url);
    await other.context.addCookies(cookies);
    await openDashboard(other.page, "subscriptions");
    await expect(dashboardCart(other.page)).toHaveText([new RegExp(first!.name)]);
    await other.context.close();
  });

  test("a signed-in member's /pricing in a new tab starts from the kept cart, and a plan added there joins it", async ({
    context,
    app,
    request,
  }) => {
    const { db } = app.testing.getDatabase();
    const { memberCarts } = app.testing.schema;
    const [first, second, third] = (await plansFromDb(app)).filter((p) => p.published);
    // An anonymous visitor's /pricing is still the page cache's to keep.
    await request.get("/pricing");
    expect((await request.get("/pricing")).headers()["x-page-cache"]).toBe("HIT");

    const member = await signInNewMember(app, context);
    const kept = async () => (await db.select().from(memberCarts).where(eq(memberCarts.userId, member.userId)))[0];
    await db
      .insert(memberCarts)
      .values({ userId: member.userId, planIds: [first!.id, second!.id], billingPeriod: "quarterly" });

    // A new tab: nothing in its session storage, the kept cart is what it shows.
    const page = await context.newPage();
    await openPricing(page);
    await expect(cartItems(page)).toHaveText([new RegExp(first!.name), new RegExp(second!.name)]);
    await expect(page.getByRole("tab", { name: /Quarterly/ })).toHaveAttribute("aria-selected", "true");
    expect(await kept()).toMatchObject({ planIds: [first!.id, second!.id], billingPeriod: "quarterly" });

    await card(page, third!.name).getByRole("button", { name: "Add to cart" }).click();
    await expect(cartItems(page)).toHaveText([first!.name, second!.name, third!.name].map((name) => new RegExp(name)));
    await expect.poll(async () => (await kept())?.planIds).toEqual([first!.id, second!.id, third!.id]);
    expect((await kept())?.billingPeriod).toBe("quarterly");

    // Changed elsewhere meanwhile: this tab's plans join the kept ones (kept first), as at sign-in.
    await db
      .update(memberCarts)
      .set({ planIds: [second!.id], billingPeriod: "monthly" })
      .where(eq(memberCarts.userId, member.userId));
    await page.reload();
    await expect(cartItems(page)).toHaveText([second!.name, first!.name, third!.name].map((name) => new RegExp(name)));
  });
});
