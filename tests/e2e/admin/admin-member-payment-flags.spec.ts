import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { signInNewMember, waitForHydration } from "../support/member";
import { signUpStaff } from "../support/staff";

// The blank note is answered 400 by the server only if the browser's own check let it through;
// the shared schema stops it first, so no refused request is expected here.
const flagsSection = (page: Page) => page.getByRole("region", { name: /^Card payment flags/ });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test.describe("back office: a member's card payment flags", () => {
  test("an operator resolves a dispute with a note; it shows as resolved and the other flag stays open", async ({
    page,
    app,
    browser,
  }) => {
    const { db } = app.testing.getDatabase();
    const { schema } = app.testing;
    const memberContext = await browser.newContext({ baseURL: app.url });
    const member = await signInNewMember(app, memberContext);
    await memberContext.close();
    const tag = crypto.randomBytes(4).toString("hex");
    await db.insert(schema.paymentFlags).values([
      {
        userId: member.userId,
        kind: "refund_shortfall",
        reference: `e2e:refund:${tag}`,
        amount: 20_000_000n,
        detail: "A card refund was more than the balance: $20.00 USDT could not be taken back.",
        alertSentAt: new Date(),
      },
      {
        userId: member.userId,
        kind: "dispute",
        reference: `e2e:dispute:${tag}`,
        amount: 40_000_000n,
        detail: "The member disputed a card payment of $40.00 with their bank.",
        alertSentAt: new Date(),
      },
    ]);
    const staff = await signUpStaff(app, page.context(), "admin");
    await page.goto(`/admin/members/${member.userId}`);
    await waitForHydration(page);

    const section = flagsSection(page);
    await expect(section.getByRole("heading", { name: "Card payment flags (2 open)" })).toBeVisible();
    const dispute = section.getByRole("listitem", { name: "Card payment disputed: $40.00 USDT", exact: true });
    await dispute.getByRole("button", { name: "Resolve: Card payment disputed: $40.00 USDT" }).click();
    const dialog = page.getByRole("dialog", { name: "Resolve the flag" });
    // A note is required: the form says so and nothing is sent.
    await dialog.getByRole("button", { name: "Resolve" }).click();
    await expect(dialog.getByText("Note is required")).toBeVisible();
    await dialog.getByLabel("Note").fill("Dispute answered in Stripe and won.");
    await dialog.getByRole("button", { name: "Resolve" }).click();
    await expect(toast(page, "Flag resolved")).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(section.getByRole("heading", { name: "Card payment flags (1 open)" })).toBeVisible();
    const resolved = section.getByRole("listitem", { name: "Card payment disputed: $40.00 USDT (resolved)" });
    await expect(resolved).toContainText(`Resolved by ${staff.email}`);
    await expect(resolved).toContainText("Dispute answered in Stripe and won.");
    await expect(resolved.getByRole("button", { name: /Resolve/ })).toHaveCount(0);
    const open = section.getByRole("listitem", {
      name: "Card refund larger than the balance: $20.00 USDT",
      exact: true,
    });
    await expect(open.getByRole("button", { name: /^Resolve/ })).toBeVisible();
    // The member's history names the resolution.
    await expect(page.getByText("Resolved a card payment flag (dispute)")).toBeVisible();
    await expectAccessible(page, "member page, payment flags");
  });

  test("support sees the flags but no Resolve", async ({ page, app, browser }) => {
    const { db } = app.testing.getDatabase();
    const { schema } = app.testing;
    const memberContext = await browser.newContext({ baseURL: app.url });
    const member = await signInNewMember(app, memberContext);
    await memberContext.close();
    await db.insert(schema.paymentFlags).values({
      userId: member.userId,
      kind: "dispute",
      reference: `e2e:dispute:${crypto.randomBytes(4).toString("hex")}`,
      amount: 15_000_000n,
      detail: "The member disputed a card payment of $15.00 with their bank.",
      alertSentAt: new Date(),
    });
    await signUpStaff(app, page.context(), "support");
    await page.goto(`/admin/members/${member.userId}`);
    await waitForHydration(page);
    await expect(flagsSection(page)).toContainText("Card payment disputed: $15.00 USDT");
    await expect(flagsSection(page).getByRole("button", { name: /Resolve/ })).toHaveCount(0);
  });
});
