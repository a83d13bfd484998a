import crypto from "node:crypto";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember } from "../support/member";

type App = Parameters<typeof signInNewMember>[0];

const DAY = 86_400_000;
const formatDay = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(date);

/** VIP (one channel), Pro (VIP's and one more) and All-in-One (Pro's and a third), names tagged per test. */
async function coverPlans(app: App) {
  const testing = app.testing;
  const { db } = testing.getDatabase();
  const { pricing, planTelegramChats, subscriptions } = testing.schema;
  const tag = crypto.randomBytes(3).toString("hex");
  const chat = () => -1_000_000_000 - crypto.randomInt(1_000_000_000);
  const [a, b, c] = [chat(), chat(), chat()];
  // Off sale, so the other tests' plan cards stay as they were; a member's row shows them all the same.
  const plan = async (name: string, price: bigint, chats: number[]) => {
    const [created] = await db
      .insert(pricing)
      .values({ planId: `cover-${name.toLowerCase()}-${tag}`, name: `${name} ${tag}`, price, published: false })
      .returning();
    await db.insert(planTelegramChats).values(chats.map((chatId) => ({ planId: created!.id, chatId })));
    return created!;
  };
  return {
    db,
    subscriptions,
    vip: await plan("VIP", 49_000_000n, [a]),
    pro: await plan("Pro", 99_000_000n, [a, b]),
    all: await plan("All-in-One", 150_000_000n, [a, b, c]),
  };
}

/** A paid monthly Pro, 20 days in at `now` and due at `due`, that the member chose to switch to VIP at that renewal. */
function proSwitchingToVip(options: {
  userId: string;
  pro: { id: number };
  vip: { id: number };
  now: number;
  due: Date;
}) {
  const { now } = options;
  return {
    userId: options.userId,
    planId: options.pro.id,
    billingPeriod: "monthly" as const,
    startDate: new Date(now - 20 * DAY),
    nextBillingDate: options.due,
    scheduledPlanId: options.vip.id,
    scheduledBillingPeriod: "monthly" as const,
    scheduledAt: new Date(now - DAY),
  };
}

test.describe("a paid plan inside a complimentary one", () => {
  test("the dashboard says the plan is included in the gift and not charged until it ends, and when its scheduled change takes effect", async ({
    page,
    app,
    context,
  }) => {
    const { db, subscriptions, vip, pro, all } = await coverPlans(app as App);
    const member = await signInNewMember(app as App, context);

    const now = Date.now();
    const giftEnds = new Date(now + 40 * DAY);
    await db.insert(subscriptions).values([
      proSwitchingToVip({ userId: member.userId, pro, vip, now, due: new Date(now + 10 * DAY) }),
      {
        userId: member.userId,
        planId: all.id,
        billingPeriod: "monthly",
        startDate: new Date(now - 2 * DAY),
        nextBillingDate: giftEnds,
        autorenew: false,
        complimentary: true,
      },
    ]);

    await openDashboard(page, "subscriptions");
    const proRow = page.locator('[data-slot="member-subscription"]').filter({ hasText: pro.name });
    await expect(proRow.locator('[data-slot="covered-by"]')).toHaveText(
      `Included in your complimentary ${all.name} until ${formatDay(giftEnds)}: not charged until then.`,
    );
    // The change the member chose waits for the first renewal that is charged: the gift's end.
    await expect(proRow.locator('[data-slot="scheduled-change"]')).toContainText(
      `Scheduled: ${vip.name} (monthly) from ${formatDay(giftEnds)}`,
    );
    // The gift's row is the one with the badge (Pro's line names the gift too).
    const giftRow = page
      .locator('[data-slot="member-subscription"]')
      .filter({ has: page.getByText("Complimentary", { exact: true }) });
    await expect(giftRow).toHaveCount(1);
    await expect(giftRow).toContainText(all.name);
    await expect(giftRow.locator('[data-slot="covered-by"]')).toHaveCount(0);
    await expectAccessible(page, "subscriptions with a plan inside a complimentary one");
  });

  test("the dashboard says a plan switched to a plan the member holds already ends at its date, uncharged", async ({
    page,
    app,
    context,
  }) => {
    const { db, subscriptions, vip, pro } = await coverPlans(app as App);
    const member = await signInNewMember(app as App, context);
    const now = Date.now();
    const due = new Date(now + 10 * DAY);
    await db.insert(subscriptions).values([
      proSwitchingToVip({ userId: member.userId, pro, vip, now, due }),
      // A gift of the very plan the member scheduled.
      {
        userId: member.userId,
        planId: vip.id,
        billingPeriod: "lifetime",
        startDate: new Date(now - 2 * DAY),
        nextBillingDate: null,
        autorenew: false,
        complimentary: true,
      },
    ]);

    await openDashboard(page, "subscriptions");
    const proRow = page.locator('[data-slot="member-subscription"]').filter({ hasText: pro.name });
    await expect(proRow.locator('[data-slot="pending-change"]')).toHaveText(
      `${pro.name} ends on ${formatDay(due)} as scheduled, uncharged: ${vip.name} continues under the plan you already have.`,
    );
    await expect(proRow.locator('[data-slot="covered-by"]')).toHaveCount(0);
  });
});
