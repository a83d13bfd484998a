import type { Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { signUpStaff } from "../support/staff";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

/** Turns the rule off again through the page: it is the site's, shared by every test on this server. */
async function turnOff(page: Page) {
  await page.goto("/admin/referrals");
  const card = page.getByRole("region", { name: "Reward rule" });
  if ((await card.locator("[data-slot=referral-rule-in-force]").textContent())?.includes("Off")) return;
  await card.getByLabel("Reward").selectOption("off");
  await card.getByRole("button", { name: "Save reward rule" }).click();
  await expect(toast(page, "Referral rule saved")).toBeVisible();
}

test.describe("the referral reward rule in /admin/referrals", () => {
  test("an owner sets a fixed reward, typed as USDT; it is refused until valid, and its change is audited in USDT", async ({
    page,
    app,
    context,
  }) => {
    const owner = await signUpStaff(app, context, "owner");
    try {
      await page.goto("/admin/referrals");
      const card = page.getByRole("region", { name: "Reward rule" });
      // Off until an owner turns it on.
      await expect(card.locator("[data-slot=referral-rule-in-force]")).toHaveText("In force: Off");
      await card.getByLabel("Reward").selectOption("fixed");
      await card.getByLabel("Amount (USDT)").fill("abc");
      await card.getByRole("button", { name: "Save reward rule" }).click();
      await expect(
        card.getByText("The amount is in USDT, more than 0 and at most 6 decimals (for example 5 or 2.50)."),
      ).toBeVisible();
      await expect(card.locator("[data-slot=referral-rule-in-force]")).toHaveText("In force: Off");

      await card.getByLabel("Amount (USDT)").fill("5");
      await card.getByRole("button", { name: "Save reward rule" }).click();
      await expect(toast(page, "Referral rule saved")).toBeVisible();
      await expect(card.locator("[data-slot=referral-rule-in-force]")).toHaveText(
        "In force: $5.00 USDT per first payment",
      );

      // The page's own history says who changed what, the amount in USDT.
      const changes = page.getByRole("region", { name: "Changes" });
      const entry = changes.getByRole("listitem").first();
      await expect(entry).toContainText(owner.email);
      await expect(entry).toContainText("Referral rewards: $5.00 USDT per first payment");
      await expect(entry.locator("dt", { hasText: "Amount" })).toBeVisible();
      await expect(entry.locator("dd", { hasText: "$5.00 USDT" })).toBeVisible();
      await expect(entry).not.toContainText("5000000");
      await expectAccessible(page, "referrals with a fixed rule");

      // And the audit log has the same row.
      await changes.getByRole("link", { name: "Open in the audit log" }).click();
      await expect(page).toHaveURL(/\/admin\/audit-log\?target=referral-rule/);
      await expect(page.getByRole("row").filter({ hasText: "settings.referrals" }).first()).toContainText(
        "Referral rewards: $5.00 USDT per first payment",
      );
    } finally {
      await turnOff(page).catch(() => undefined);
    }
  });

  test("an admin reads the rule and the lists, and cannot change it", async ({ page, app, context }) => {
    await signUpStaff(app, context, "admin");
    await page.goto("/admin/referrals");
    const card = page.getByRole("region", { name: "Reward rule" });
    await expect(card.locator("[data-slot=referral-rule-in-force]")).toContainText("In force:");
    await expect(card.getByText("Only an owner can change the rule.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Save reward rule" })).toHaveCount(0);
    await expect(card.getByLabel("Reward")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Referrers" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Referred members" })).toBeVisible();
    await expectAccessible(page, "referrals as an admin");
  });
});
