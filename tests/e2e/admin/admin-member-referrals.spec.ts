import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { signInNewMember, waitForHydration } from "../support/member";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

const USDT = 1_000_000n;
const DAY = 86_400_000;

const referralsOf = (page: Page) => page.getByRole("region", { name: "Referrals" });

test.describe("back office: a member's referrals on their page", () => {
  test("an owner follows a referred member to their referrer and the members that referrer brought; support sees the same without the money list's link", async ({
    page,
    app,
    browser,
    context,
  }) => {
    // Two operators, three member pages and the Referrals list in one walk.
    test.slow();
    const { db } = app.testing.getDatabase();
    const { referrals, user } = app.testing.schema;
    // The referrer and the member they referred are real accounts; eleven more sign-ups through
    // the same link are written as the sign-up and the reward leave them.
    const others = await browser.newContext({ baseURL: app.url });
    const referrer = await signInNewMember(app, others);
    const referred = await signInNewMember(app, others);
    await others.close();
    const signedUp = new Date("2026-11-02T10:00:00.000Z");
    await db.insert(referrals).values({
      referredId: referred.userId,
      referrerId: referrer.userId,
      visitedAt: new Date(signedUp.getTime() - DAY),
      createdAt: signedUp,
      billingId: crypto.randomUUID(),
      paymentAmount: 50n * USDT,
      reward: 5n * USDT,
      rule: "10%",
      rewardedAt: new Date(signedUp.getTime() + DAY),
    });
    const tag = crypto.randomBytes(3).toString("hex");
    const more = Array.from({ length: 11 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: "Referred",
      email: `referred-${tag}-${i}@example.com`,
    }));
    await db.insert(user).values(more);
    await db.insert(referrals).values(
      more.map((m, i) => ({
        referredId: m.id,
        referrerId: referrer.userId,
        visitedAt: new Date(signedUp.getTime() - (i + 2) * DAY),
        createdAt: new Date(signedUp.getTime() - (i + 1) * DAY),
        // The newest of them paid and a refund took the whole reward back; the rest have not paid.
        ...(i === 0
          ? {
              billingId: crypto.randomUUID(),
              paymentAmount: 20n * USDT,
              reward: 2n * USDT,
              reversed: 2n * USDT,
              rewardedAt: signedUp,
            }
          : {}),
      })),
    );

    await signUpStaff(app, context, "owner");
    await page.goto(`/admin/members/${referred.userId}`);
    await waitForHydration(page);
    const section = referralsOf(page);
    const facts = section.locator("dl");
    await expect(facts).toContainText("Referrer");
    await expect(facts.getByRole("link", { name: referrer.email })).toBeVisible();
    await expect(facts).toContainText("Signed up through the linkNov 2, 2026");
    await expect(facts).toContainText("First payment$50.00 USDT");
    await expect(facts).toContainText("Referrer's rewardPaid $5.00 USDT");
    await expect(section.getByText("Nobody has signed up through their link.")).toBeVisible();
    await expectAccessible(page, "member page with a referrer");

    // To the referrer: the members they brought, the latest ten of twelve, with the rewards.
    await facts.getByRole("link", { name: referrer.email }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/members/${referrer.userId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(referrer.email);
    await expect(section.getByText("Not referred: signed up without a referral link.")).toBeVisible();
    await expect(section.locator("[data-slot=member-referral-totals]")).toHaveText(
      "12 referred members, 2 rewarded: rewards paid $7.00 USDT, taken back $2.00 USDT.",
    );
    const table = section.getByRole("table", { name: "Members they referred" });
    await expect(table.getByRole("row")).toHaveCount(11);
    await expect(table.getByRole("row").nth(1)).toContainText(referred.email);
    await expect(table.getByRole("row").nth(1)).toContainText("Paid $5.00 USDT");
    await expect(table.getByRole("row").nth(2)).toContainText("Reversed: $2.00 USDT taken back");
    await expect(table.getByRole("row").nth(3)).toContainText("Waiting for a first payment");
    await expect(section.getByText("Latest 10 of 12.")).toBeVisible();
    await expectAccessible(page, "member page of a referrer");

    // Back to the referred member from the list, then to the whole Referrals list (a money page).
    await table.getByRole("link", { name: referred.email }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/members/${referred.userId}$`));
    await section.getByRole("link", { name: "All referrals" }).click();
    await expect(page).toHaveURL(/\/admin\/referrals$/);
    await expect(page.getByRole("table", { name: "Referred members" })).toContainText(referred.email);

    // Support reads the member page's money figures, and these with them; the Referrals list is not theirs.
    const supportContext = await browser.newContext({ baseURL: app.url });
    try {
      await signUpStaff(app, supportContext, "support");
      const support = await supportContext.newPage();
      await support.goto(`/admin/members/${referrer.userId}`);
      await waitForHydration(support);
      const theirs = referralsOf(support);
      await expect(theirs.locator("[data-slot=member-referral-totals]")).toContainText("12 referred members");
      await expect(theirs.getByRole("table", { name: "Members they referred" })).toContainText(
        "Reversed: $2.00 USDT taken back",
      );
      await expect(theirs.getByRole("link", { name: "All referrals" })).toHaveCount(0);

      // A phone: the list's rows become cards, nothing scrolls sideways.
      await support.setViewportSize({ width: 375, height: 800 });
      await support.reload();
      await expect(theirs.getByText("Latest 10 of 12.")).toBeVisible();
      await expectNoSidewaysScroll(support);
      await expectAccessible(support, "member page of a referrer at 375 px");
    } finally {
      await supportContext.close();
    }
  });
});
