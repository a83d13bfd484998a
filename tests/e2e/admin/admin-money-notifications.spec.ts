import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { formatDateTime } from "~/lib/dates";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

type Testing = typeof import("../support/server-entry.ts");

const DAY = 86_400_000;
/** A moment as the page shows it: UTC, to the minute. */
const minute = (at: Date) => formatDateTime(at);

/** A member's notification whose email the outbox gave up on, and one whose Telegram copy failed. */
async function seedFailures(app: { testing: Testing }) {
  const tag = crypto.randomBytes(3).toString("hex");
  const { schema, getDatabase } = app.testing;
  const { db } = getDatabase();
  const id = crypto.randomUUID();
  const email = `notified-${tag}@notifications.test`;
  await db.insert(schema.user).values({ id, email, name: "Nora" });
  await db
    .insert(schema.profiles)
    .values({ id, firstName: "Nora", lastName: "Notified", telegramUsername: `nora_${tag}` });
  const payload = { plan: "VIP Signals", amount: "$49.00 USDT", balance: "$1.00", shortfall: "$48.00" };
  // Queued days before they failed: the page shows both times.
  const queuedAt = new Date(Date.now() - 3 * DAY);
  const emailFailedAt = new Date(Date.now() - DAY);
  const telegramFailedAt = new Date(Date.now() - 2 * DAY);
  const [emailFailed] = await db
    .insert(schema.notifications)
    .values({
      userId: id,
      kind: "renewal_failed",
      payload,
      emailAttempts: 8,
      lastError: `550 mailbox ${tag} unavailable`,
      nextAttemptAt: emailFailedAt,
      telegramStatus: "skipped",
      createdAt: queuedAt,
    })
    .returning();
  const [telegramFailed] = await db
    .insert(schema.notifications)
    .values({
      userId: id,
      kind: "deposit_credited",
      payload: { amount: "$25.00", balance: "$26.00", txId: tag },
      emailSentAt: new Date(),
      emailAttempts: 1,
      telegramStatus: "failed",
      telegramError: `Forbidden: bot ${tag} was blocked by the user`,
      telegramAttemptedAt: telegramFailedAt,
      createdAt: queuedAt,
    })
    .returning();
  const times = {
    queued: minute(queuedAt),
    emailFailed: minute(emailFailedAt),
    telegramFailed: minute(telegramFailedAt),
  };
  return { tag, email, emailFailed: emailFailed!, telegramFailed: telegramFailed!, times };
}

test.describe("back office: money, failed notifications", () => {
  test("an operator sees failed emails and Telegram messages with their errors and retries each once", async ({
    page,
    app,
    context,
  }) => {
    const { tag, email, emailFailed, telegramFailed, times } = await seedFailures(app);
    const { schema, getDatabase } = app.testing;
    await signUpStaff(app, context, "admin");
    await page.goto("/admin/money");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Money pages" })
      .getByRole("link", { name: "Failed notifications" })
      .click();
    const table = page.getByRole("table", { name: "Failed notifications" });
    const emailRow = table.getByRole("row").filter({ hasText: `550 mailbox ${tag} unavailable` });
    const telegramRow = table.getByRole("row").filter({ hasText: `bot ${tag} was blocked` });
    await expect(emailRow).toContainText(email);
    await expect(emailRow).toContainText("after 8 attempts");
    await expect(telegramRow).toContainText(`@nora_${tag}`);
    await expect(telegramRow).toContainText("Telegram");
    // When each was queued, and when it failed: its last attempt.
    await expect(emailRow.getByRole("cell").nth(0)).toHaveText(times.queued);
    await expect(emailRow.getByRole("cell").nth(1)).toHaveText(times.emailFailed);
    await expect(telegramRow.getByRole("cell").nth(0)).toHaveText(times.queued);
    await expect(telegramRow.getByRole("cell").nth(1)).toHaveText(times.telegramFailed);
    await expectAccessible(page, "Failed notifications");

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(telegramRow).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "Failed notifications at 375 px");
    await page.setViewportSize({ width: 1280, height: 800 });

    await emailRow.getByRole("button", { name: /^Retry the Email/ }).click();
    await expect(page.getByText("The email is queued and goes out within a minute.")).toBeVisible();
    await expect(emailRow).toHaveCount(0);
    await telegramRow.getByRole("button", { name: /^Retry the Telegram/ }).click();
    await expect(page.getByText("The Telegram message is queued and goes out within a minute.")).toBeVisible();
    await expect(telegramRow).toHaveCount(0);

    // The notifications job (every 15 seconds) sends the email; with the bot off, the Telegram
    // copy ends skipped. Neither comes back to the list.
    const { db } = getDatabase();
    const state = async (id: bigint) =>
      (await db.select().from(schema.notifications).where(eq(schema.notifications.id, id)))[0]!;
    await expect.poll(async () => (await state(emailFailed.id)).emailSentAt !== null, { timeout: 40_000 }).toBe(true);
    await expect.poll(async () => (await state(telegramFailed.id)).telegramStatus, { timeout: 40_000 }).toBe("skipped");
    await page.reload();
    await expect(page.getByText(tag)).toHaveCount(0);
    const audited = await db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "member.notification-retried"));
    expect(audited.filter((a) => a.targetId === emailFailed.userId)).toHaveLength(2);
  });
});
