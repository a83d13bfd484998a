import crypto from "node:crypto";
import { expect, test } from "../support/fixtures";
import { holdScripts, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";
import { signInNewMember } from "../support/member";
import { publishedPlan, usd } from "../support/pricing";

// The order page with its scripts two seconds late, as on a slow phone: a code typed and its button
// tapped before they have run is kept, and does what it says once they have.
test.use({ hasTouch: true });
test.beforeEach(({ page }) => holdScripts(page));

test("a code typed on the order page and Apply tapped before the scripts ran is applied once they have", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const code = `EARLY${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
  await db.insert(app.testing.schema.coupons).values({ code, kind: "percent", percentOff: 20 });
  const plan = await publishedPlan(app, "vip-signals");
  const member = await signInNewMember(app, context);
  await app.testing.createOrder({ db, userId: member.userId, planIds: [plan.id], billingPeriod: "monthly" });
  await openBeforeScripts(page, "/dashboard?section=order");
  const form = page.getByRole("form", { name: "Order discount" });
  await form.getByLabel("Coupon code").fill(code);
  await tapBeforeScripts(form.getByRole("button", { name: "Apply" }));
  await expect(page.getByText(`Discount (code ${code})`)).toBeVisible();
  await expect(page.locator("[data-slot=order-due]")).toHaveText(`${usd(plan.price - plan.price / 5n)} USDT`);
  await expect(page).toHaveURL(/\/dashboard\?section=order$/);
});
