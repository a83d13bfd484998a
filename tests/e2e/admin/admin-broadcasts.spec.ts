import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { answered, intent } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { holdScripts, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";
import { createMember, waitForHydration } from "../support/member";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

// This file's server has a bot pointed at a local Bot API stand-in (app.botApi), so the broadcast
// sender really sends; a refusal is a 400 the browser logs.
test.use({ staffAlerts: true, expectedConsoleErrors: [/status of 400/] });

type App = Parameters<typeof createMember>[0];
const EMAIL_FRAME = 'iframe[title="Email copy"]';
const nav = (page: Page) => page.getByRole("navigation", { name: "Back office sections" });
const stateBadge = (page: Page) => page.getByRole("main").locator('[data-slot="badge"]').first();
const recipients = (page: Page) => page.getByRole("status", { name: "Recipients" });
let nextTelegramId = 880_000 + crypto.randomInt(10_000);

/** A plan of its own and members holding it: `bot` of them with a verified Telegram account. */
async function audience(app: App, options: { members: number; bot: number }) {
  const { db } = app.testing.getDatabase();
  const { pricing, profiles, subscriptions } = app.testing.schema;
  const tag = crypto.randomBytes(3).toString("hex");
  const [plan] = await db
    .insert(pricing)
    .values({ planId: `bc-${tag}`, name: `Broadcast plan ${tag}`, price: 10_000_000n, published: true })
    .returning();
  const telegramIds: number[] = [];
  for (let i = 0; i < options.members; i++) {
    const { userId } = await createMember(app, `bc-${tag}-${i}@example.com`);
    if (i < options.bot) {
      const telegramId = ++nextTelegramId;
      telegramIds.push(telegramId);
      await db
        .update(profiles)
        .set({ telegramVerified: true, telegramUserId: BigInt(telegramId) })
        .where(eq(profiles.id, userId));
    }
    await db.insert(subscriptions).values({
      userId,
      planId: plan!.id,
      billingPeriod: "monthly",
      status: "active",
      nextBillingDate: new Date(Date.now() + 20 * 86_400_000),
    });
  }
  return { plan: plan!, telegramIds };
}

/** Opens a new broadcast and writes its subject and message. */
async function compose(page: Page, subject: string, message: string) {
  await page.goto("/admin/broadcasts/new");
  await waitForHydration(page);
  await page.getByLabel("Subject").fill(subject);
  await page.locator("#broadcast-body").click();
  await page.keyboard.type(message);
}

test("an owner writes a broadcast, sees both copies and the count, sends it and watches it reach everyone", async ({
  page,
  context,
  app,
}) => {
  await signUpStaff(app, context, "owner");
  const { plan, telegramIds } = await audience(app, { members: 2, bot: 1 });

  await page.goto("/admin");
  await nav(page).getByRole("link", { name: "Broadcasts" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Broadcasts");
  await expect(page.getByText("No broadcasts yet.")).toBeVisible();
  await page.getByRole("link", { name: "New broadcast" }).click();
  await expect(page).toHaveURL("/admin/broadcasts/new");
  await waitForHydration(page);

  await page.getByLabel("Subject").fill("Weekly outlook");
  await page.locator("#broadcast-body").click();
  await page.keyboard.type("Markets open calm. ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("Stay patient");
  await page.getByLabel(plan.name).check();
  await expect(page.getByLabel("On trial (a free trial running now, not paid yet)")).not.toBeChecked();
  await expect(page.getByLabel("Bot and email")).toBeChecked();

  // Before anything is sent: the bot's copy in Telegram's HTML, the email, and who gets them.
  await expect(recipients(page)).toHaveText("Reaches 2 members: 1 by the bot, 2 by email");
  const botCopy = page.getByRole("region", { name: "Bot copy" });
  await expect(botCopy).toContainText("Markets open calm. Stay patient");
  await expect(botCopy.locator("b")).toHaveText("Stay patient");
  await expect(botCopy).toContainText("Send /stop to get no more announcements here.");
  // The email's copy runs nothing and navigates nowhere: a sandbox that allows only its origin.
  await expect(page.locator(EMAIL_FRAME)).toHaveAttribute("sandbox", "allow-same-origin");
  const email = page.frameLocator(EMAIL_FRAME);
  await expect(email.getByText("Weekly outlook")).toBeVisible();
  await expect(email.locator("strong")).toHaveText("Stay patient");
  await expect(email.getByRole("link", { name: "Unsubscribe" })).toBeVisible();
  // Axe cannot enter a frame that runs no script: the email's copy is checked as a page of its own.
  await expectAccessible(page, "broadcast compose", { exclude: [EMAIL_FRAME] });
  const emailCopy = await page.context().newPage();
  await emailCopy.setContent((await page.locator(EMAIL_FRAME).getAttribute("srcdoc")) ?? "");
  await expectAccessible(emailCopy, "broadcast email copy");
  await emailCopy.close();

  await page.getByRole("button", { name: "Send now" }).click();
  const dialog = page.getByRole("dialog", { name: "Send this broadcast now?" });
  await expect(dialog).toContainText("“Weekly outlook” goes to 2 members: 1 by the bot, 2 by email.");
  await answered(page, () => dialog.getByRole("button", { name: "Send to 2" }).click(), intent("send"));
  await expect(page).toHaveURL(/\/admin\/broadcasts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weekly outlook");

  // The page reads its counts again by itself until every message is out.
  const progress = page.getByRole("region", { name: "Progress" });
  await expect(progress.getByTestId("progress-sent")).toHaveText("3", { timeout: 60_000 });
  await expect(progress.getByTestId("progress-queued")).toHaveText("0");
  await expect(progress.getByTestId("progress-failed")).toHaveText("0");
  await expect(progress.getByTestId("progress-blocked")).toHaveText("0");
  await expect(stateBadge(page)).toHaveText("Sent");
  expect(app.botApi!.messagesTo(telegramIds[0]!).join("\n")).toContain("Markets open calm. <b>Stay patient</b>");
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("Broadcast “Weekly outlook” sent: 3 messages queued");
  await expect(history).toContainText("Broadcast “Weekly outlook” finished: 3 sent, 0 failed, 0 blocked the bot", {
    timeout: 30_000,
  });
  await expectAccessible(page, "broadcast progress");

  await page.getByRole("link", { name: "All broadcasts" }).click();
  const row = page.getByRole("table", { name: "Broadcasts" }).getByRole("row").filter({ hasText: "Weekly outlook" });
  await expect(row).toContainText("Sent");
  await expect(row).toContainText("Bot and email");
  await expect(row).toContainText(`Active · ${plan.name}`);
  await expectAccessible(page, "broadcasts");
});

test("each refusal shows beside its field: nobody to reach, a bot copy over Telegram's limit, a time past", async ({
  page,
  context,
  app,
}) => {
  await signUpStaff(app, context, "admin");
  const { plan } = await audience(app, { members: 1, bot: 1 });
  await compose(page, "Nobody", "Hello");
  await page.getByLabel(plan.name).check();
  await page.getByLabel("Active (a plan running now)").uncheck();
  await page.getByLabel("Ended in the last").check();
  await expect(recipients(page)).toHaveText("Reaches 0 members: 0 by the bot, 0 by email");
  const refused = await answered(page, () => page.getByRole("button", { name: "Send now" }).click(), intent("send"));
  expect(refused.status()).toBe(400);
  const audienceBox = page.getByRole("group", { name: "Audience (members in any ticked group)" });
  await expect(audienceBox.getByRole("alert")).toHaveText(
    "Nobody in this audience can be reached this way: choose another audience or way.",
  );

  await page.getByLabel("Active (a plan running now)").check();
  await page.getByLabel("Send at").fill("2020-01-01T10:00");
  const past = await answered(page, () => page.getByRole("button", { name: "Schedule" }).click(), intent("schedule"));
  expect(past.status()).toBe(400);
  await expect(page.locator("#broadcast-schedule-at-error")).toHaveText("Choose a time in the future.");

  await page.getByLabel("Telegram bot").check();
  await page.locator("#broadcast-body").fill("x".repeat(4_200));
  await expect(page.getByText(/too long to send by the bot/)).toBeVisible();
  const long = await answered(page, () => page.getByRole("button", { name: "Save draft" }).click(), intent("save"));
  expect(long.status()).toBe(400);
  await expect(page.locator("#broadcast-body-error")).toContainText("Telegram takes at most 4096");
  await expectAccessible(page, "broadcast refusals");
  await expect(page).toHaveURL("/admin/broadcasts/new");
});

test("an owner schedules a broadcast for later and cancels it before it starts", async ({ page, context, app }) => {
  await signUpStaff(app, context, "owner");
  const { plan } = await audience(app, { members: 1, bot: 0 });
  await compose(page, "Later news", "Coming up");
  await page.getByLabel(plan.name).check();
  await page.getByLabel("Email", { exact: true }).check();
  await expect(recipients(page)).toHaveText("Reaches 1 member: 1 by email");
  await answered(page, () => page.getByRole("button", { name: "Schedule" }).click(), intent("schedule"));
  await expect(page).toHaveURL(/\/admin\/broadcasts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Later news");
  await expect(stateBadge(page)).toHaveText("Scheduled");

  await page.getByRole("button", { name: "Cancel broadcast" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this broadcast?" });
  await answered(page, () => dialog.getByRole("button", { name: "Cancel broadcast" }).click(), intent("cancel"));
  await expect(stateBadge(page)).toHaveText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel broadcast" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "History" })).toContainText(
    "Broadcast “Later news” cancelled before it started",
  );
});

test("an editor has no Broadcasts: not in the sidebar, and its pages answer 404", async ({ page, context, app }) => {
  await signUpStaff(app, context, "editor");
  await page.goto("/admin");
  await expect(nav(page).getByRole("link", { name: "Posts" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Broadcasts" })).toHaveCount(0);
  for (const path of ["/admin/broadcasts", "/admin/broadcasts/new"]) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
  }
});

test("the compose page fits a 375 px phone without sideways scrolling", async ({ page, context, app }) => {
  await signUpStaff(app, context, "owner");
  await page.setViewportSize({ width: 375, height: 812 });
  await compose(page, "A subject long enough to wrap on a small phone screen", "Hello from the phone");
  await expect(recipients(page)).toContainText("Reaches");
  await expectNoSidewaysScroll(page);
});

test.describe("before the scripts", () => {
  test.use({ hasTouch: true });

  test("Send now tapped before the page's scripts run asks to confirm once they do", async ({ page, context, app }) => {
    const owner = await signUpStaff(app, context, "owner");
    const { plan } = await audience(app, { members: 1, bot: 1 });
    const { db } = app.testing.getDatabase();
    const { broadcasts } = app.testing.schema;
    const [draft] = await db
      .insert(broadcasts)
      .values({
        subject: "Early tap",
        body: "<p>Hello</p>",
        channel: "bot",
        audience: { statuses: ["active"], planIds: [plan.id], endedWithinDays: 30 },
        createdBy: owner.userId,
      })
      .returning();
    await holdScripts(page);
    await openBeforeScripts(page, `/admin/broadcasts/${draft!.id}`);
    await tapBeforeScripts(page.getByRole("button", { name: "Send now" }));
    const dialog = page.getByRole("dialog", { name: "Send this broadcast now?" });
    await expect(dialog).toContainText("“Early tap” goes to 1 member: 1 by the bot.");
    await expect(dialog.getByRole("button", { name: "Send to 1" })).toBeEnabled();
  });
});
