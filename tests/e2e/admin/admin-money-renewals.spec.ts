import crypto from "node:crypto";
import { formatTimestamp } from "~/lib/dates";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

type Testing = typeof import("../support/server-entry.ts");

const USDT = 1_000_000n;

/**
 * Two members with a renewal due within the hour (before any other test's, which are days
 * away, so they head the list): one whose balance covers it, one short by 20 USDT. The job
 * settles them only once due, after this test.
 */
async function seedRenewals(app: { testing: Testing }) {
  const tag = crypto.randomBytes(3).toString("hex");
  const { schema, getDatabase, postLedgerEntry } = app.testing;
  const { db } = getDatabase();
  const [plan] = await db
    .insert(schema.pricing)
    .values({ planId: `renew-${tag}`, name: `Renew ${tag}`, price: 50n * USDT })
    .returning();
  const member = async (name: string, balance: bigint, minutes: number) => {
    const id = crypto.randomUUID();
    const email = `${name}-${tag}@renewals.test`;
    await db.insert(schema.user).values({ id, email, name });
    await db.insert(schema.profiles).values({ id, firstName: name, lastName: "Renewer" });
    await postLedgerEntry({ tx: db, userId: id, kind: "deposit", amount: balance, reference: `e2e-${tag}:${name}` });
    await db.insert(schema.subscriptions).values({
      userId: id,
      planId: plan!.id,
      billingPeriod: "monthly",
      nextBillingDate: new Date(Date.now() + minutes * 60_000),
    });
    return email;
  };
  const covered = await member("covered", 80n * USDT, 50);
  const short = await member("short", 30n * USDT, 55);
  // A run of the renewal job as recordJobRun stores it.
  await db.insert(schema.jobRuns).values({
    job: "renewals",
    startedAt: new Date(Date.now() - 60_000),
    finishedAt: new Date(Date.now() - 59_000),
    ok: true,
    result: { charged: 7, expired: 2, failed: 3, errored: 0 },
  });
  // One whose process died mid-run: started two hours ago, no end recorded.
  const crashedAt = new Date(Date.now() - 2 * 60 * 60_000);
  await db.insert(schema.jobRuns).values({ job: "renewals", startedAt: crashedAt });
  const crashed = formatTimestamp(crashedAt);
  // A member whose plan lapsed and whom the bot could not take out of the plan's chat: it lost
  // its rights there. The job tries again in a few minutes.
  const chatId = -1001000000000 - Math.floor(Math.random() * 1_000_000);
  await db.insert(schema.planTelegramChats).values({ planId: plan!.id, chatId });
  const lapsedId = crypto.randomUUID();
  const lapsed = `lapsed-${tag}@renewals.test`;
  await db.insert(schema.user).values({ id: lapsedId, email: lapsed, name: "lapsed" });
  await db.insert(schema.profiles).values({ id: lapsedId, firstName: "Lapsed", lastName: "Renewer" });
  await db.insert(schema.telegramChatMembers).values({
    chatId,
    telegramUserId: 700_000 + Math.floor(Math.random() * 100_000),
    userId: lapsedId,
    removalAttempts: 3,
    removalError:
      "Call to 'banChatMember' failed! (400: Bad Request: not enough rights to restrict/demote chat member)",
    removalFailedAt: new Date(Date.now() - 60_000),
    removalNextAt: new Date(Date.now() + 3 * 60_000),
  });
  return { covered, short, crashed, lapsed, chatId };
}

test.describe("back office: money, renewals", () => {
  test("an operator sees who will lapse this week, what the last renewal runs did and whom the bot could not remove", async ({
    page,
    app,
    context,
  }) => {
    const { covered, short, crashed, lapsed, chatId } = await seedRenewals(app);
    await signUpStaff(app, context, "admin");
    await page.goto("/admin/money");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Money pages" }).getByRole("link", { name: "Renewals" }).click();
    await expect(page.getByRole("heading", { name: "Due in the next 7 days" })).toBeVisible();

    const due = page.getByRole("table", { name: "Renewals due in the next 7 days" });
    const coveredRow = due.getByRole("row").filter({ hasText: covered });
    const shortRow = due.getByRole("row").filter({ hasText: short });
    await expect(coveredRow).toContainText("Covered");
    await expect(coveredRow).toContainText("$50.00 USDT");
    await expect(shortRow).toContainText("$20.00 USDT");
    await expect(shortRow).toContainText("Will lapse");

    const runs = page.getByRole("table", { name: "Recent renewal runs" });
    await expect(runs.getByRole("row").nth(1)).toContainText("7");
    await expect(runs.getByRole("row").nth(1).getByRole("cell").nth(2)).toHaveText("3");
    const crashedRow = runs.getByRole("row").filter({ hasText: crashed });
    await expect(crashedRow).toContainText("Did not finish");
    await expect(crashedRow.getByRole("cell").nth(1)).toHaveText("—");
    // The member the bot could not remove, with Telegram's answer; their page says it too.
    const removals = page.getByRole("table", { name: "Chat removals failing" });
    const lapsedRow = removals.getByRole("row").filter({ hasText: lapsed });
    await expect(lapsedRow).toContainText("not enough rights");
    await expect(lapsedRow).toContainText(String(chatId));
    await expect(lapsedRow.getByRole("cell").nth(2)).toHaveText("3");
    await expectAccessible(page, "Renewals");

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(shortRow).toContainText("Will lapse");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "Renewals at 375 px");

    await page.setViewportSize({ width: 1280, height: 800 });
    await lapsedRow.getByRole("link", { name: lapsed }).click();
    const telegram = page.getByRole("region", { name: "Telegram", exact: true });
    await expect(telegram.getByRole("list", { name: "Chats joined" })).toContainText("Removal failing");
    await expect(telegram).toContainText("not enough rights");
  });
});
