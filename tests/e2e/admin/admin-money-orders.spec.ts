import { eq } from "drizzle-orm";
import { formatDateTime } from "~/lib/dates";
import { orderSettingsMessages } from "~/lib/validation/admin/order-settings";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember, waitForHydration } from "../support/member";
import { firstPublishedPlan } from "../support/pricing";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

// A hold longer than the order's life is refused by the server's schema as well as the form's;
// the browser's own check refuses it first, so no 400 reaches the console here.
const HOUR = 60 * 60 * 1000;

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`an owner sets how long orders are held, and a new order gets it (${viewport.width} px)`, async ({
    page,
    browser,
    context,
    app,
  }) => {
    await page.setViewportSize(viewport);
    const { db } = app.testing.getDatabase();
    const { orderSettings, orders } = app.testing.schema;
    try {
      await signUpStaff(app, context, "owner");
      await page.goto("/admin/money");
      await waitForHydration(page);
      await page.getByRole("navigation", { name: "Money pages" }).getByRole("link", { name: "Orders" }).click();
      const card = page.getByRole("region", { name: "Order settings" });
      await expect(card.locator("[data-slot=order-settings-in-force]")).toContainText("Price hold24 hours");
      await expect(card.locator("[data-slot=order-settings-in-force]")).toContainText("Order open for7 days");
      await expectAccessible(page, `order settings at ${viewport.width} px`);
      await expectNoSidewaysScroll(page);

      // A hold past the order's life is refused under its field, and nothing is saved.
      const hold = card.getByLabel("Price hold (hours)");
      const life = card.getByLabel("Order open for (days)");
      await hold.fill("48");
      await life.fill("1");
      await card.getByRole("button", { name: "Save order settings" }).click();
      await expect(card.getByRole("alert")).toHaveText(orderSettingsMessages.holdPastLife);
      await expect(hold).toHaveAttribute("aria-invalid", "true");

      await life.fill("10");
      await card.getByRole("button", { name: "Save order settings" }).click();
      await expect(page.getByText("Prices held 48 hours, orders open 10 days. New orders get these.")).toBeVisible();
      await expect(card.locator("[data-slot=order-settings-in-force]")).toContainText("Price hold48 hours");
      const changes = page.getByRole("region", { name: "Changes" });
      await expect(changes).toContainText("Orders: prices held 48 hours, open 10 days");

      // A member's new order is held 48 hours and stays open 10 days, as their order page says.
      const plan = await firstPublishedPlan(app);
      const memberContext = await browser.newContext({ viewport, baseURL: app.url });
      try {
        const memberPage = await memberContext.newPage();
        const member = await signInNewMember(app, memberContext);
        const { orderId } = await app.testing.createOrder({
          db,
          userId: member.userId,
          planIds: [plan!.id],
          billingPeriod: "monthly",
        });
        const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
        expect(order!.pricesHeldUntil.getTime() - order!.createdAt.getTime()).toBe(48 * HOUR);
        await openDashboard(memberPage);
        await expect(memberPage.locator("[data-slot=open-order-time-left]").first()).toHaveText("Open for 9 days more");
        await openDashboard(memberPage, "order");
        await expect(
          memberPage.getByText(`Prices held until ${formatDateTime(order!.pricesHeldUntil)}.`),
        ).toBeVisible();
      } finally {
        await memberContext.close();
      }
    } finally {
      // The worker's other tests expect the starting values.
      await db.update(orderSettings).set({ priceHoldHours: 24, lifetimeDays: 7 });
    }
  });
}

test("an admin reads the order settings but has no form to change them", async ({ page, context, app }) => {
  await signUpStaff(app, context, "admin");
  await page.goto("/admin/money/orders");
  const card = page.getByRole("region", { name: "Order settings" });
  await expect(card.locator("[data-slot=order-settings-in-force]")).toContainText("Price hold24 hours");
  await expect(card).toContainText("Only an owner can change these.");
  await expect(card.getByRole("button", { name: "Save order settings" })).toHaveCount(0);
  await expect(card.getByRole("textbox")).toHaveCount(0);
  await expectAccessible(page, "order settings read by an admin");
});
