import { eq } from "drizzle-orm";
import { signInitData, telegramUserId } from "../../helpers/portal";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { markEmailVerified, signInNewMember } from "../support/member";
import { latestMail } from "../support/outbox";
import { expectNoSidewaysScroll } from "../support/sideways";

const USDT = 1_000_000n;

// The server gets a bot token (and a local Bot API stand-in): the portal's init data is signed with it.
test.use({ staffAlerts: true });

type App = Parameters<Parameters<typeof test>[2]>[0]["app"];

/** The portal's address as Telegram opens it: signed init data in the fragment. */
function portalUrl(app: App, options: { userId: number; firstName?: string; username?: string }) {
  const initData = signInitData({ ...options, token: app.botApi!.token });
  return `/tg#${new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: "8.0", tgWebAppPlatform: "web" })}`;
}

async function verifiedMember(app: App, context: Parameters<Parameters<typeof test>[2]>[0]["context"]) {
  const member = await signInNewMember(app, context, { balance: 500n * USDT, firstName: "Tara" });
  const id = telegramUserId();
  const { db } = app.testing.getDatabase();
  const { profiles } = app.testing.schema;
  await db
    .update(profiles)
    .set({ telegramVerified: true, telegramUserId: BigInt(id) })
    .where(eq(profiles.id, member.userId));
  return { member, telegramId: id };
}

for (const width of [320, 430]) {
  test(`a verified member's portal at ${width} px: balance, plans, pay from balance, renew off and on`, async ({
    page,
    app,
    context,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const { telegramId } = await verifiedMember(app, context);
    await page.goto(portalUrl(app, { userId: telegramId, firstName: "Tara" }));
    await expect(page.getByRole("heading", { name: "Hi, Tara" })).toBeVisible();
    await expect(page.getByTestId("portal-balance")).toHaveText("$500.00 USDT");
    await expect(page.getByRole("heading", { name: "Plans" })).toBeVisible();
    await expect(page.getByText("No subscriptions yet")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `portal home ${width}`);

    // A plan's monthly price opens the confirm step; the balance covers it.
    const plan = page.getByTestId("portal-plan").first();
    const planName = (await plan.getByRole("heading").textContent())!;
    await plan.getByRole("button", { name: /^Monthly/ }).click();
    await expect(page.getByRole("heading", { name: planName })).toBeVisible();
    const pay = page.getByRole("button", { name: /from balance$/ });
    await expect(page.getByRole("button", { name: "← Back" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await pay.click();
    await expect(page.getByRole("status")).toHaveText(
      // What the balance paid for (the plan, its price, until when) and what is left, from the server's answer.
      /^Payment successful\. You subscribed to .+ \(monthly\) for \$\d+\.\d\d USDT, active until [A-Z][a-z]{2} \d+, \d{4}\. Left on your balance: \$\d+\.\d\d USDT\.$/,
    );

    // Home again: the subscription with its end date, the balance lower, a receipt.
    const subscription = page.getByTestId("portal-subscription").filter({ hasText: planName });
    await expect(subscription).toContainText(/Active · Ends on \w{3} \d{1,2}, \d{4}/);
    await expect(page.getByTestId("portal-balance")).not.toHaveText("$500.00 USDT");
    await expect(page.getByTestId("portal-receipt")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Send my channel links" })).toBeVisible();

    const renew = subscription.getByRole("switch");
    await expect(renew).toHaveAttribute("aria-checked", "true");
    await renew.click();
    await expect(subscription.getByRole("switch")).toHaveAttribute("aria-checked", "false");
    await expect(subscription.getByRole("switch")).toHaveText("Renew automatically: off");
    await subscription.getByRole("switch").click();
    await expect(subscription.getByRole("switch")).toHaveAttribute("aria-checked", "true");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `portal with a subscription ${width}`);
  });
}

for (const width of [320, 430]) {
  test(`an unknown Telegram account links an account by email code at ${width} px`, async ({ page, app, context }) => {
    await page.setViewportSize({ width, height: 800 });
    const member = await signInNewMember(app, context, { balance: 42n * USDT, firstName: "Lina" });
    await markEmailVerified(app, member.userId);
    await context.clearCookies();
    const id = telegramUserId();
    await page.goto(portalUrl(app, { userId: id, firstName: "Lina", username: "lina_tg" }));
    await expect(page.getByRole("heading", { name: "Link your account" })).toBeVisible();
    await expect(page.getByTestId("portal-balance")).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `portal link ${width}`);

    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
    await expect.poll(() => latestMail(app.dataDir, member.email)).toMatch(/sign-in code is \d{6}/);
    const code = /sign-in code is (\d{6})/.exec(latestMail(app.dataDir, member.email)!)![1]!;
    await page.getByLabel("Code", { exact: true }).fill(code);
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Link my account" }).click();
    await expect(page.getByRole("status")).toHaveText("Your account is linked. Welcome!");
    await expect(page.getByRole("heading", { name: "Hi, Lina" })).toBeVisible();
    await expect(page.getByTestId("portal-balance")).toHaveText("$42.00 USDT");

    const { db } = app.testing.getDatabase();
    const { profiles } = app.testing.schema;
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.userId));
    expect(profile).toMatchObject({ telegramVerified: true, telegramUserId: BigInt(id), telegramUsername: "lina_tg" });
  });
}

test("the same signed launch works once: a second browser with the copied address is refused", async ({
  page,
  app,
  context,
  browser,
}) => {
  const { telegramId } = await verifiedMember(app, context);
  const url = portalUrl(app, { userId: telegramId, firstName: "Tara" });
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Hi, Tara" })).toBeVisible();
  // A reload keeps the portal's token: the init data is not asked for again.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Hi, Tara" })).toBeVisible();
  const other = await browser.newPage({ baseURL: app.url });
  await other.goto(url);
  await expect(other.getByRole("alert")).toHaveText(
    "This portal link was already used. Open the portal again from the bot's menu button.",
  );
  await other.close();
});

test("without init data the portal says where to open it", async ({ page }) => {
  await page.goto("/tg");
  await expect(page.getByRole("alert")).toHaveText("Open the portal from the bot's menu button in Telegram.");
});

test("only the portal may be framed, and only by Telegram", async ({ request }) => {
  const portal = await request.get("/tg");
  expect(portal.status()).toBe(200);
  expect(portal.headers()["content-security-policy"]).toContain(
    "frame-ancestors https://web.telegram.org https://*.telegram.org",
  );
  expect(portal.headers()["x-frame-options"]).toBeUndefined();
  expect(portal.headers()["cache-control"]).toBe("no-store");
  for (const path of ["/", "/pricing", "/signin", "/dashboard", "/api/portal/view"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-frame-options"], path).toBe("DENY");
  }
});
