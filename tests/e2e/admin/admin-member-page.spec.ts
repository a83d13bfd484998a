import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { signInNewMember, waitForHydration } from "../support/member";
import { latestMail } from "../support/outbox";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

// This file's server has a bot pointed at a local Bot API stand-in (app.botApi).
test.use({ staffAlerts: true, expectedConsoleErrors: [/status of 403/] });

const CHATS = [-1001000000201, -1001000000202];
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test.describe("back office: a member's page", () => {
  test("an operator fixes a Telegram username, adds a note, signs the member out everywhere, bans and unbans them", async ({
    page,
    app,
    browser,
  }) => {
    // The longest walk of the back office: five flows on one member, two browsers.
    test.slow();
    const botApi = app.botApi!;
    const { db } = app.testing.getDatabase();
    const { schema } = app.testing;
    await signUpStaff(app, page.context(), "owner");
    const memberContext = await browser.newContext({ baseURL: app.url });
    const member = await signInNewMember(app, memberContext);
    const telegramId = crypto.randomInt(1_000_000, 9_000_000);
    const [plan] = await db
      .insert(schema.pricing)
      .values({ planId: `vip-${telegramId}`, name: `VIP ${telegramId}`, price: 30_000_000n })
      .returning();
    await db.insert(schema.planTelegramChats).values(CHATS.map((chatId) => ({ planId: plan!.id, chatId })));
    await db.insert(schema.subscriptions).values({
      userId: member.userId,
      planId: plan!.id,
      billingPeriod: "monthly",
      nextBillingDate: new Date(Date.now() + 30 * 86_400_000),
    });
    /** The member verified on Telegram and in both chats, as the bot left them. */
    const inBothChats = async () => {
      await db
        .update(schema.profiles)
        .set({ telegramVerified: true, telegramUserId: BigInt(telegramId) })
        .where(eq(schema.profiles.id, member.userId));
      for (const chatId of CHATS) {
        await db
          .insert(schema.telegramChatMembers)
          .values({ chatId, telegramUserId: telegramId, userId: member.userId })
          .onConflictDoNothing();
        botApi.setChatMember(chatId, telegramId, "member");
      }
    };
    const bannedIn = () =>
      botApi
        .callsOf("banChatMember")
        .filter((c) => Number(c.params.user_id) === telegramId)
        .map((c) => Number(c.params.chat_id))
        .sort();
    await inBothChats();

    await page.goto(`/admin/members/${member.userId}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(member.email);
    await expect(page.getByRole("heading", { name: "Telegram" })).toBeVisible();
    await expectAccessible(page, "member page");

    // Fix the Telegram username: the member is emailed and the bot takes them out of both chats.
    await page.getByRole("button", { name: "Fix username" }).click();
    const dialog = page.getByRole("dialog", { name: "Fix the Telegram username" });
    // One control answers to the field's name: the text box, not the form around it as well.
    await expect(dialog.getByLabel("Telegram username")).toHaveCount(1);
    await expect(dialog.getByRole("form")).toHaveCount(0);
    await dialog.getByLabel("Telegram username").fill("a b");
    await dialog.getByRole("button", { name: "Save and reset verification" }).click();
    await expect(dialog.getByText(/5–32 letters, digits or underscores/)).toBeVisible();
    await dialog.getByRole("textbox", { name: "Telegram username" }).fill(`@fixed_${telegramId}`);
    await dialog.getByRole("button", { name: "Save and reset verification" }).click();
    await expect(toast(page, "Telegram username changed")).toBeVisible();
    await expect(page.getByText(`@fixed_${telegramId}`).first()).toBeVisible();
    await expect.poll(() => latestMail(app.dataDir, member.email) ?? "").toContain(`@fixed_${telegramId}`);
    expect(bannedIn()).toEqual([...CHATS].sort());

    // An internal note.
    await page.getByLabel("New note").fill("Asked us to fix the username by phone.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(toast(page, "Note added")).toBeVisible();
    await expect(page.getByRole("list", { name: "Notes" })).toContainText("Asked us to fix the username by phone.");

    // Sign out everywhere: the member's browser is signed out.
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(toast(page, "Signed out everywhere")).toBeVisible();
    const memberPage = await memberContext.newPage();
    await memberPage.goto("/dashboard");
    await expect(memberPage).toHaveURL(/\/signin/);

    // Ban, with a reason and a confirmation: out of both chats at once, sign-in refused.
    await inBothChats();
    botApi.reset();
    await page.getByRole("button", { name: "Ban member" }).click();
    await expect(page.getByRole("form", { name: "Ban this member" }).getByText("Reason is required")).toBeVisible();
    await page.getByLabel("Reason").fill("Shared the signals publicly");
    await page.getByRole("button", { name: "Ban member" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Ban member" }).click();
    await expect(page.getByRole("region", { name: "Banned" })).toBeVisible();
    await expect(page.getByText("Reason: Shared the signals publicly")).toBeVisible();
    expect(bannedIn()).toEqual([...CHATS].sort());
    await memberPage.goto("/signin");
    // The password toggle answers only once the page is hydrated (a sign-in page has no sidebar).
    await memberPage.getByRole("button", { name: "Show password" }).click();
    await expect(memberPage.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await memberPage.getByLabel("Email").fill(member.email);
    await memberPage.getByLabel("Password", { exact: true }).fill(member.password);
    await memberPage.getByRole("button", { name: "Continue" }).click();
    // A password check under a loaded machine can take longer than the default 10 s.
    await expect(memberPage.getByText(/This account has been banned/)).toBeVisible({ timeout: 30_000 });

    // Unban: sign-in works again.
    await page.getByRole("button", { name: "Unban" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unban" }).click();
    await expect(page.getByRole("region", { name: "Ban", exact: true })).toBeVisible();
    await memberPage.getByRole("button", { name: "Continue" }).click();
    await expect(memberPage).toHaveURL(/\/dashboard/);
    await memberContext.close();

    // A phone: no sideways scroll.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "member page at 375 px");
  });
});
