import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { buyOnDashboard, openDashboard, signInNewMember } from "../support/member";
import { linkIn, mailsTo } from "../support/outbox";
import { expectNoSidewaysScroll } from "../support/sideways";

const USDT = 1_000_000n;
const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 375, height: 812 };
const utcDate = (d: Date) =>
  d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const receipt = (page: Page) => page.locator('[data-slot="receipt"]');

test.describe("receipts", () => {
  test("a purchase's receipt: from its billing row and its email, printable, on a phone, the member's own only", async ({
    page,
    app,
    context,
    browser,
  }) => {
    const member = await signInNewMember(app, context, {
      balance: 200n * USDT,
      firstName: "Grace",
      lastName: "Hopper",
    });
    const { db } = app.testing.getDatabase();
    const { billingHistory, pricing, subscriptions } = app.testing.schema;
    const [plan] = await db
      .select()
      .from(pricing)
      .where(and(eq(pricing.planId, "signals-bot"), eq(pricing.published, true)));

    // The member buys a plan, then opens its receipt from the billing history.
    await buyOnDashboard(page, plan!.name);
    const [bill] = await db.select().from(billingHistory).where(eq(billingHistory.userId, member.userId));
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
    await openDashboard(page, "billing-history");
    await page.getByRole("link", { name: `Receipt for ${bill!.invoiceId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/receipts/${bill!.invoiceId}$`));

    const sheet = receipt(page);
    await expect(sheet.getByRole("heading", { name: "Receipt" })).toBeVisible();
    await expect(sheet.locator('[data-slot="receipt-business"]')).toHaveText("NovaSignals");
    await expect(sheet).toContainText(bill!.invoiceId);
    await expect(sheet).toContainText(`Grace Hopper (${member.email})`);
    await expect(sheet).toContainText(plan!.name);
    await expect(sheet).toContainText(`Monthly: ${utcDate(sub!.startDate)} – ${utcDate(sub!.nextBillingDate!)}`);
    await expect(sheet).toContainText("USDT Balance");
    await expect(sheet).toContainText(utcDate(bill!.issueDate));
    await expect(sheet.locator('[data-slot="receipt-amount"]')).toHaveText(formatUsdt(plan!.price, { suffix: true }));
    await expectAccessible(page, "receipt");

    // On paper: the receipt alone, without the print button or the way back.
    await page.emulateMedia({ media: "print" });
    await expect(sheet).toBeVisible();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByRole("link", { name: "← Back to billing history" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();

    // On a 375 px phone it fits the screen.
    await page.setViewportSize(PHONE);
    await expect(sheet).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "receipt on a phone");

    // The purchase confirmation email links the same receipt, at the site's public address.
    await app.testing.deliverNotifications({ db });
    const confirmation = mailsTo(app.dataDir, member.email).find((mail) =>
      mail.includes("your subscription is active"),
    );
    const link = linkIn(confirmation ?? "", "/dashboard/receipts/");
    expect(link).toBe(`${app.url}/dashboard/receipts/${bill!.invoiceId}`);
    await page.goto(link!);
    await expect(receipt(page)).toContainText(bill!.invoiceId);

    // A renewal has its own receipt, linked from the renewal email.
    await db
      .update(subscriptions)
      .set({ nextBillingDate: new Date(Date.now() - DAY) })
      .where(eq(subscriptions.id, sub!.id));
    expect(await app.testing.renewSubscription({ db, subscriptionId: sub!.id, now: new Date() })).toBe("charged");
    await app.testing.deliverNotifications({ db });
    const renewal = mailsTo(app.dataDir, member.email).find((mail) => mail.includes("has been renewed"));
    const renewalLink = linkIn(renewal ?? "", "/dashboard/receipts/");
    expect(renewalLink).not.toBe(link);
    await page.goto(renewalLink!);
    await expect(receipt(page)).toContainText("Renewal");
    await expect(receipt(page)).toContainText(plan!.name);

    // Another member opening this receipt's address finds nothing there.
    const otherContext = await browser.newContext();
    await signInNewMember(app, otherContext);
    const other = await otherContext.newPage();
    const response = await other.goto(`/dashboard/receipts/${bill!.invoiceId}`);
    expect(response?.status()).toBe(404);
    await expect(other.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(other.locator('[data-slot="receipt"]')).toHaveCount(0);
    await otherContext.close();
  });
});
