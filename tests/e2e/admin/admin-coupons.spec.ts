import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { creditBalance, signInNewMember, waitForHydration } from "../support/member";
import { publishedPlan, usd } from "../support/pricing";
import { signUpStaff } from "../support/staff";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test.describe("Coupon codes in the back office", () => {
  test("an admin makes a code, is told what is wrong first, edits, pauses and resumes it, and reads its uses and revenue", async ({
    page,
    app,
    context,
    browser,
  }) => {
    const code = `E2E${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
    const vip = await publishedPlan(app, "vip-signals");
    await signUpStaff(app, context, "admin");
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Back office sections" }).getByRole("link", { name: "Coupons" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coupons");
    await page.getByRole("link", { name: "New code" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New code");
    // Words, not a code: only a code's own title is set in monospace.
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveClass(/font-mono/);

    const form = page.getByRole("form", { name: "New coupon" });
    await form.getByLabel("Code").fill(code.toLowerCase());
    await form.getByLabel("Percent off").fill("150");
    await form.getByRole("button", { name: "Create code" }).click();
    await expect(form.getByText("Percent off must be a whole number from 1 to 100")).toBeVisible();
    await form.getByLabel("Percent off").fill("25");
    await form.getByLabel("Takes off").selectOption("repeating");
    await form.getByLabel("Renewals discounted").fill("2");
    await form.getByLabel(vip.name, { exact: true }).check();
    await form.getByLabel("Uses in all (empty: no limit)").fill("50");
    await form.getByRole("button", { name: "Create code" }).click();
    await expect(toast(page, "Code created")).toBeVisible();
    // Its page, in capitals: codes ignore case.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(code);
    await expect(page.getByRole("heading", { level: 1 })).toHaveClass(/font-mono/);
    const facts = page.locator('dl[aria-label="This code"]');
    await expect(facts).toContainText("25% off; first period and 2 renewals");
    await expect(facts).toContainText("0 of 50");
    await expectAccessible(page, "coupons");

    // A member buys VIP with it (the member's side has its own tests): the page lists the use.
    const memberContext = await browser.newContext();
    const member = await signInNewMember(app, memberContext);
    await creditBalance(app, member.userId, vip.price);
    const { db } = app.testing.getDatabase();
    await app.testing.purchaseSubscriptions({
      db,
      userId: member.userId,
      planIds: [vip.id],
      billingPeriod: "monthly",
      totalAmount: vip.price - vip.price / 4n,
      idempotencyKey: crypto.randomUUID(),
      couponCode: code.toLowerCase(),
    });
    await memberContext.close();
    await page.reload();
    await expect(facts).toContainText("1 of 50");
    await expect(facts).toContainText(usd(vip.price - vip.price / 4n));
    const uses = page.getByRole("table", { name: "Uses of this code" });
    await expect(uses.getByRole("row").nth(1)).toContainText(member.email);
    await expect(uses.getByRole("row").nth(1)).toContainText("Purchase");

    // Used once: what it takes off is locked; the limit can still change.
    const edit = page.getByRole("form", { name: `Edit ${code}` });
    await expect(edit.getByLabel("Percent off")).toBeDisabled();
    await edit.getByLabel("Uses in all (empty: no limit)").fill("100");
    await edit.getByRole("button", { name: "Save code" }).click();
    await expect(toast(page, "Code saved")).toBeVisible();
    await expect(facts).toContainText("1 of 100");

    await page.getByRole("button", { name: `Pause ${code}` }).click();
    await expect(toast(page, `${code} paused`)).toBeVisible();
    await expect(facts).toContainText("Paused");
    await page.getByRole("link", { name: "All codes" }).click();
    const row = page.getByRole("table", { name: "Coupon codes" }).getByRole("row").filter({ hasText: code });
    await expect(row).toContainText("Paused");
    await row.getByRole("button", { name: `Resume ${code}` }).click();
    await expect(toast(page, `${code} resumed`)).toBeVisible();
    await expect(row).toContainText("Active");
    await expectAccessible(page, "coupons");

    // Every change is in the code's history.
    await row.getByRole("link", { name: code }).click();
    for (const line of ["created", "saved", "paused", "resumed"])
      await expect(page.getByText(new RegExp(`${code}: ${line}`)).first()).toBeVisible();
  });

  test("support staff, who may not move money, find no coupons section", async ({ page, app, context }) => {
    await signUpStaff(app, context, "support");
    const response = await page.goto("/admin/coupons");
    expect(response?.status()).toBe(404);
  });
});
