import { and, eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import { creditBalance, markEmailVerified, openDashboard, signInNewMember, waitForHydration } from "../support/member";
import { linkIn, mailsTo } from "../support/outbox";
import { takeTrialPlansOff, trialPlan } from "../support/trials";

const HOUR = 3_600_000;

test.afterEach(async ({ app }) => {
  await takeTrialPlansOff(app);
});

// The reminder and conversion jobs run with a `now` near the trial's end (the trial itself is left
// as the member started it); the member reads the emails and acts on them in the browser.
test("a member on a free trial is reminded 3 days and 1 day before its end with the price and how to pay, tops up, and the trial converts", async ({
  page,
  app,
  context,
}) => {
  const plan = await trialPlan(app, 7);
  const member = await signInNewMember(app, context);
  await markEmailVerified(app, member.userId);

  await page.goto(`/dashboard/trial/${plan.id}`);
  await page.getByRole("button", { name: "Start free trial" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
  const row = page.locator('[data-slot="member-subscription"]').filter({ hasText: plan.name });
  await expect(row.getByText("Free trial", { exact: true })).toBeVisible();

  const { db } = app.testing.getDatabase();
  const { subscriptions } = app.testing.schema;
  const [trial] = await db
    .select({ id: subscriptions.id, endsAt: subscriptions.nextBillingDate })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, member.userId), eq(subscriptions.planId, plan.id)));
  const endsAt = trial!.endsAt!;
  const endsOn = endsAt.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  const mailAbout = (text: string) => mailsTo(app.dataDir, member.email).filter((mail) => mail.includes(text));

  // 60 hours before the end: the 3-day reminder. The balance is empty, so it says how to pay and how much.
  // (The worker's other tests may have left trials of their own: only this member's mail is read.)
  await app.testing.sendTrialReminders({ db, now: new Date(endsAt.getTime() - 60 * HOUR) });
  await app.testing.deliverNotifications({ db });
  // The trial's start was told too, in words a person would write.
  const [started] = mailAbout(`Your free trial of ${plan.name} (7 days) is active until ${endsOn}`);
  expect(started).toContain("After the trial it costs $29.00 USDT a month.");
  const [first] = mailAbout(`Your trial of ${plan.name} ends on ${endsOn}.`);
  expect(first).toContain(`It continues at $29.00 USDT a month; your balance is $0.00 USDT.`);
  expect(first).toContain("deposit USDT (TRC-20) to your deposit address on the dashboard");
  expect(first).toContain("You need at least $29.00 USDT more.");
  // Run again in the same window, it sends nothing more.
  await app.testing.sendTrialReminders({ db, now: new Date(endsAt.getTime() - 59 * HOUR) });
  await app.testing.deliverNotifications({ db });
  expect(mailAbout(`Your trial of ${plan.name} ends on ${endsOn}.`)).toHaveLength(1);

  // The member follows the email's link: the dashboard shows the trial's end and the deposit address.
  await page.goto(linkIn(first!, "/dashboard")!);
  await waitForHydration(page);
  await page.goto("/dashboard?section=subscriptions");
  await expect(row.locator('[data-column="end"]')).toContainText(endsOn);
  await page.locator('[data-slot="balance-button"]').click();
  const deposit = page.getByRole("dialog", { name: "Deposit Funds" });
  await expect(deposit.getByRole("img", { name: /QR code/ })).toBeVisible();
  await page.keyboard.press("Escape");
  // The deposit arrives (credited as the watcher would).
  await creditBalance(app, member.userId, 29_000_000n);

  // 20 hours before the end: the 1-day reminder says the balance will pay for it.
  await app.testing.sendTrialReminders({ db, now: new Date(endsAt.getTime() - 20 * HOUR) });
  await app.testing.deliverNotifications({ db });
  const reminders = mailAbout(`Your trial of ${plan.name} ends on ${endsOn}`);
  expect(reminders).toHaveLength(2);
  expect(reminders[0]).toContain("then it continues at $29.00 USDT a month, paid from your balance ($29.00 USDT)");
  expect(reminders[0]).not.toContain("You need at least");

  // At the end it converts: charged once, as a renewal, and the dashboard says so.
  expect(
    await app.testing.renewSubscription({ db, subscriptionId: trial!.id, now: new Date(endsAt.getTime() + 60_000) }),
  ).toBe("charged");
  await app.testing.deliverNotifications({ db });
  const [converted] = mailAbout(`${plan.name}: your trial is now a subscription`);
  expect(converted).toContain("$29.00 USDT was paid from your balance");
  await openDashboard(page, "subscriptions");
  await expect(row.getByText("Free trial", { exact: true })).toHaveCount(0);
  await expect(row.locator('[data-column="status"]')).toHaveText("Active");
  await openDashboard(page, "billing-history");
  await expect(page.getByRole("row").filter({ hasText: plan.name }).filter({ hasText: "29.00" })).toHaveCount(1);
});
