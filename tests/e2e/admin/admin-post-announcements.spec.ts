import type { Page } from "@playwright/test";
import { like } from "drizzle-orm";
import { answered, intent } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { insertPosts } from "../support/content";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { signUpStaff } from "../support/staff";

type Schema = typeof import("../../../server/db/schema.ts");

const CHANNEL = { id: -1001234567890, type: "channel" as const, title: "Nova Signals News", username: "nova_news" };

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").getByText(text);

// The server gets a bot talking to the local Bot API stand-in (app.botApi). The refused channel
// is a 400 answer, which the browser logs.
test.use({ staffAlerts: true, expectedConsoleErrors: [/status of 400 .*\/api\/admin\/telegram-channel/] });

test.describe("back office: posts announced in Telegram", () => {
  test.afterEach(async ({ app }) => {
    const { db } = app.testing.getDatabase();
    const { blogPosts, announcementChannel } = app.testing.schema as Schema;
    await db.delete(blogPosts).where(like(blogPosts.slug, "announced-brief-%"));
    await db.delete(announcementChannel);
  });

  test("an owner sets the channel, publishes a post that asks to be announced and sees it announced; a failed one is retried from the list", async ({
    page,
    app,
    context,
  }) => {
    const botApi = app.botApi!;
    await signUpStaff(app, context, "owner");
    await page.goto("/admin/posts");
    await waitForHydration(page);
    const card = page.getByRole("region", { name: "Telegram announcements" });
    await expect(card).toContainText("No Telegram channel is set");

    // A channel the bot cannot see is refused with what to fix.
    const channelField = card.getByLabel("Channel");
    await channelField.fill("@nova_news");
    await answered(page, () => card.getByRole("button", { name: "Set channel" }).click());
    await expect(card.getByRole("alert")).toContainText("The bot cannot see that channel");
    await expectAccessible(page, "the posts list with a refused channel");

    botApi.addChat(CHANNEL);
    await channelField.fill("https://t.me/nova_news");
    await answered(page, () => card.getByRole("button", { name: "Set channel" }).click());
    await expect(toast(page, "Posts will be announced in “Nova Signals News”.")).toBeVisible();
    await expect(card.getByTestId("announcement-channel")).toContainText("Nova Signals News");
    await expect(card.getByRole("link", { name: "@nova_news" })).toHaveAttribute("href", "https://t.me/nova_news");

    // A complete draft: its editor offers the announcement, and Publish sends it.
    const draft = async (slug: string, title: string) =>
      (await insertPosts(app, [{ slug, title, excerpt: "What to watch this week, and how much to risk." }]))[0]!;
    const stamp = Date.now();
    const first = await draft(`announced-brief-${stamp}`, `Announced brief ${stamp}`);
    await page.goto(`/admin/posts/${first.id}`);
    await waitForHydration(page);
    const announce = page.getByRole("checkbox", { name: "Announce in Telegram" });
    await expect(page.getByText("Posted in “Nova Signals News” when the post is published.")).toBeVisible();
    await announce.check();
    await expectAccessible(page, "the editor with the announcement chosen");
    await page.getByRole("button", { name: "Publish now" }).click();
    await answered(
      page,
      () => page.getByRole("dialog").getByRole("button", { name: "Publish" }).click(),
      intent("publish"),
    );
    const announced = page.getByRole("link", { name: "Announced in Telegram" });
    await expect(announced).toBeVisible();
    const [photo] = botApi.callsOf("sendPhoto");
    expect(photo?.params).toMatchObject({ chat_id: CHANNEL.id, parse_mode: "HTML" });
    expect(String(photo?.params.caption)).toContain(`Announced brief ${stamp}`);
    await expect(announced).toHaveAttribute("href", /^https:\/\/t\.me\/nova_news\/\d+$/);

    // Telegram refuses the next one: the editor says why, and so does the list, whose Retry sends it.
    botApi.failNext("sendPhoto", { error_code: 403, description: "Forbidden: bot was kicked from the channel chat" });
    const second = await draft(`announced-brief-${stamp}-2`, `Refused brief ${stamp}`);
    await page.goto(`/admin/posts/${second.id}`);
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: "Announce in Telegram" }).check();
    await page.getByRole("button", { name: "Publish now" }).click();
    await answered(
      page,
      () => page.getByRole("dialog").getByRole("button", { name: "Publish" }).click(),
      intent("publish"),
    );
    await expect(page.getByText(/Telegram announcement failed: .*bot was kicked/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Retry announcement" })).toBeVisible();

    await page.goto("/admin/posts");
    await waitForHydration(page);
    const row = page.getByRole("row", { name: new RegExp(`Refused brief ${stamp}`) });
    await expect(row).toContainText("bot was kicked");
    await expectAccessible(page, "the posts list with a failed announcement");
    await answered(
      page,
      () => row.getByRole("button", { name: "Retry announcement" }).click(),
      intent("retry-announcement"),
    );
    await expect(toast(page, "Sent to Telegram again.")).toBeVisible();
    await expect(row.getByRole("link", { name: "Announced in Telegram" })).toBeVisible();
    expect(botApi.callsOf("sendPhoto")).toHaveLength(3);

    // On a phone the card fits the screen, its field and buttons within reach.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await waitForHydration(page);
    const phoneCard = page.getByRole("region", { name: "Telegram announcements" });
    for (const part of [
      phoneCard,
      phoneCard.getByLabel("New channel"),
      phoneCard.getByRole("button", { name: "Stop announcing" }),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
  });
});
