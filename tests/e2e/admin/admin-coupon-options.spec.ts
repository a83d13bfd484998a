import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { answered } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { holdScripts, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";
import { signInNewMember, waitForHydration } from "../support/member";
import { publishedPlan } from "../support/pricing";
import { signUpStaff } from "../support/staff";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });
const newCode = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
/** A UTC day `days` from today, as a date field takes it. */
// A code typed again is the action's 409, which Chromium logs as a failed resource.
test.use({ expectedConsoleErrors: [/status of 409 .*\/admin\/coupons\/new\.data/] });

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe("Every option of a coupon code, as staff set them", () => {
  test("an owner makes a fixed code for one plan and period, every renewal, with limits, days and new members only; the page keeps each choice", async ({
    page,
    app,
    context,
  }) => {
    const code = newCode("FIX");
    const vip = await publishedPlan(app, "vip-signals");
    await signUpStaff(app, context, "owner");
    await page.goto("/admin/coupons/new");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "New coupon" });
    await form.getByLabel("Code").fill(code);
    await form.getByLabel("Kind").selectOption("fixed");
    await form.getByLabel("Amount off each plan (USDT)").fill("5.5");
    await form.getByLabel("Takes off").selectOption("forever");
    await form.getByLabel(vip.name, { exact: true }).check();
    await form.getByLabel("per quarter", { exact: true }).check();
    await form.getByLabel("Uses in all (empty: no limit)").fill("10");
    // Left empty it would mean once per member, and the field says so.
    await expect(form.getByText("Left empty: once per member.")).toBeVisible();
    await form.getByLabel("Uses per member").fill("2");
    await form.getByLabel("First day (UTC, optional)").fill(dayFromToday(-1));
    await form.getByLabel("Last day (UTC, optional)").fill(dayFromToday(30));
    await form.getByLabel("New members only (no plan before; a free trial is fine)").check();
    await answered(page, () => form.getByRole("button", { name: "Create code" }).click());
    await expect(toast(page, "Code created")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(code);

    const facts = page.locator('dl[aria-label="This code"]');
    await expect(facts).toContainText("Active");
    await expect(facts).toContainText("$5.50 USDT off each plan; every renewal");
    await expect(facts).toContainText(`${vip.name}; per quarter`);
    await expect(facts).toContainText("0 of 10");

    // Opened again, the form shows every choice as it was saved.
    await page.reload();
    await waitForHydration(page);
    const edit = page.getByRole("form", { name: `Edit ${code}` });
    await expect(edit.getByLabel("Kind")).toHaveValue("fixed");
    await expect(edit.getByLabel("Amount off each plan (USDT)")).toHaveValue("5.5");
    await expect(edit.getByLabel("Takes off")).toHaveValue("forever");
    await expect(edit.getByLabel(vip.name, { exact: true })).toBeChecked();
    await expect(edit.getByLabel("per quarter", { exact: true })).toBeChecked();
    await expect(edit.getByLabel("per month", { exact: true })).not.toBeChecked();
    await expect(edit.getByLabel("Uses in all (empty: no limit)")).toHaveValue("10");
    await expect(edit.getByLabel("Uses per member")).toHaveValue("2");
    await expect(edit.getByLabel("First day (UTC, optional)")).toHaveValue(dayFromToday(-1));
    await expect(edit.getByLabel("Last day (UTC, optional)")).toHaveValue(dayFromToday(30));
    await expect(edit.getByLabel("New members only (no plan before; a free trial is fine)")).toBeChecked();

    // The list says the same in its row.
    await page.getByRole("link", { name: "All codes" }).click();
    const row = page.getByRole("table", { name: "Coupon codes" }).getByRole("row").filter({ hasText: code });
    await expect(row).toContainText("Every renewal");
    await expect(row).toContainText("New members only");
    await expect(row).toContainText("0 of 10");
    await expectAccessible(page, "coupons list");
  });

  test("a first-period-only percent code, a code starting later, and a code typed again in other letters is refused beside the field", async ({
    page,
    app,
    context,
  }) => {
    const code = newCode("ONCE");
    await signUpStaff(app, context, "admin");
    await page.goto("/admin/coupons/new");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "New coupon" });
    await form.getByLabel("Code").fill(code);
    await form.getByLabel("Percent off").fill("10");
    await form.getByLabel("Takes off").selectOption("once");
    await form.getByLabel("First day (UTC, optional)").fill(dayFromToday(3));
    await form.getByLabel("Last day (UTC, optional)").fill(dayFromToday(2));
    await form.getByRole("button", { name: "Create code" }).click();
    await expect(form.getByText("The last day cannot be before the first")).toBeVisible();
    await form.getByLabel("Last day (UTC, optional)").fill(dayFromToday(10));
    await answered(page, () => form.getByRole("button", { name: "Create code" }).click());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(code);
    const facts = page.locator('dl[aria-label="This code"]');
    await expect(facts).toContainText("Not started");
    await expect(facts).toContainText("10% off; first period only");
    await expect(facts).toContainText("All plans; any period");
    await expect(facts).toContainText("0 (no limit)");

    // The same letters in lower case are the same code: refused, said beside the Code field.
    await page.getByRole("link", { name: "All codes" }).click();
    await page.getByRole("link", { name: "New code" }).click();
    await waitForHydration(page);
    const again = page.getByRole("form", { name: "New coupon" });
    await again.getByLabel("Code").fill(code.toLowerCase());
    await again.getByLabel("Percent off").fill("50");
    await answered(page, () => again.getByRole("button", { name: "Create code" }).click());
    await expect(again.getByText("A code with these letters already exists (codes ignore case).")).toBeVisible();
    await expect(again.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/admin\/coupons\/new$/);
    await expectAccessible(page, "a refused coupon code");
  });

  test("every change to a code is on the audit log screen, with who made it", async ({ page, app, context }) => {
    const code = newCode("AUD");
    const admin = await signUpStaff(app, context, "admin");
    await page.goto("/admin/coupons/new");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "New coupon" });
    await form.getByLabel("Code").fill(code);
    await form.getByLabel("Percent off").fill("15");
    await answered(page, () => form.getByRole("button", { name: "Create code" }).click());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(code);
    const couponId = new URL(page.url()).pathname.split("/").pop();
    await waitForHydration(page);
    const edit = page.getByRole("form", { name: `Edit ${code}` });
    await edit.getByLabel("Percent off").fill("20");
    await answered(page, () => edit.getByRole("button", { name: "Save code" }).click());
    await expect(toast(page, "Code saved")).toBeVisible();
    await answered(page, () => page.getByRole("button", { name: `Pause ${code}` }).click());
    await expect(toast(page, `${code} paused`)).toBeVisible();

    await page
      .getByRole("navigation", { name: "Back office sections" })
      .getByRole("link", { name: "Audit log" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");
    await page.getByLabel("Target").fill(`coupon:${couponId}`);
    await page.getByRole("button", { name: "Filter" }).click();
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText(`${code}: paused`);
    await expect(rows.nth(1)).toContainText("coupon.paused");
    await expect(rows.nth(2)).toContainText(`${code}: saved, 20% off`);
    await expect(rows.nth(3)).toContainText(`${code}: created, 15% off`);
    for (const index of [1, 2, 3]) await expect(rows.nth(index)).toContainText(admin.email);
  });

  test("a code's page lists its latest 200 uses and says how many there are in all", async ({
    page,
    app,
    context,
    browser,
  }) => {
    const { db } = app.testing.getDatabase();
    const { billingHistory, coupons } = app.testing.schema;
    const code = newCode("MANY");
    const [coupon] = await db.insert(coupons).values({ code, kind: "percent", percentOff: 10 }).returning();
    const memberContext = await browser.newContext();
    const member = await signInNewMember(app, memberContext);
    await memberContext.close();
    // 201 uses, one a minute: more than the page lists.
    const start = Date.now() - 300 * 60_000;
    // Each use is the member's paid bill that names the code.
    await db.insert(billingHistory).values(
      Array.from({ length: 201 }, (_, n) => ({
        userId: member.userId,
        invoiceId: `INV-${code}-${n}-${crypto.randomUUID().slice(0, 8)}`,
        issueDate: new Date(start + n * 60_000),
        status: "paid" as const,
        totalAmount: 9_000_000n,
        listAmount: 10_000_000n,
        discountAmount: 1_000_000n,
        couponCode: code,
        couponId: coupon!.id,
        couponUse: "purchase" as const,
      })),
    );
    await signUpStaff(app, context, "admin");
    await page.goto(`/admin/coupons/${coupon!.id}`);
    await expect(page.locator('dl[aria-label="This code"]')).toContainText("201 (no limit)");
    await expect(page.getByText("The latest 200 of 201 uses.")).toBeVisible();
    await expect(page.getByRole("table", { name: "Uses of this code" }).getByRole("row")).toHaveCount(201);
  });

  for (const role of ["editor", "support"] as const) {
    test(`${role} staff, who may not move money, see no Coupons section and cannot open or post to a code's page`, async ({
      page,
      app,
      context,
    }) => {
      await signUpStaff(app, context, role);
      await page.goto("/admin");
      await waitForHydration(page);
      const nav = page.getByRole("navigation", { name: "Back office sections" });
      await expect(nav.getByRole("link").first()).toBeVisible();
      await expect(nav.getByRole("link", { name: "Coupons" })).toHaveCount(0);
      for (const path of ["/admin/coupons", "/admin/coupons/new"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
      }
      // A post made by hand is refused as well, and no code is made.
      const code = newCode("NOPE");
      const answer = await page.request.post("/admin/coupons/new", {
        headers: { "Content-Type": "application/json", Origin: app.url },
        data: { code, kind: "percent", percentOff: "50", duration: "once" },
      });
      expect(answer.status()).toBeGreaterThanOrEqual(400);
      expect(answer.status()).toBeLessThan(500);
      const { db } = app.testing.getDatabase();
      const { coupons } = app.testing.schema;
      const made = (await db.select().from(coupons)).filter((row) => row.code === code);
      expect(made).toEqual([]);
    });
  }
});

test.describe("before the back office's scripts have run", () => {
  // Scripts two seconds late, as on a slow phone: what is typed and tapped first is kept and played.
  test.use({ hasTouch: true });
  test.beforeEach(({ page }) => holdScripts(page));

  test("a new code typed and Create tapped before the back office's scripts ran is made once they have", async ({
    page,
    context,
    app,
  }) => {
    const code = `EARLYNEW${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
    await signUpStaff(app, context, "admin");
    await openBeforeScripts(page, "/admin/coupons/new");
    const form = page.getByRole("form", { name: "New coupon" });
    await form.getByLabel("Code").fill(code);
    await form.getByLabel("Percent off").fill("30");
    await tapBeforeScripts(form.getByRole("button", { name: "Create code" }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(code);
    await expect(page.locator('dl[aria-label="This code"]')).toContainText("30% off");
  });
});
