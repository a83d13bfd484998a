import { expect, test } from "../support/fixtures";
import { holdScripts, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";
import { signInNewMember } from "../support/member";

// The dashboard on a phone whose scripts arrive two seconds late: each control is tapped once
// before they have run, and does what it says once they have (app/lib/early-input.ts).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("a member's controls each answer one early tap", async ({ page, context, app }) => {
  test.setTimeout(180_000);
  await signInNewMember(app, context, { balance: 12_500_000n });
  await holdScripts(page);
  const cases: { section: string; control: string; answer: () => Promise<void> }[] = [
    {
      section: "welcome",
      control: "Get verification code",
      answer: () => expect(page.getByRole("dialog", { name: "Verify your Telegram username" })).toBeVisible(),
    },
    {
      section: "welcome",
      control: "$12.50 USDT",
      answer: () => expect(page.getByRole("dialog", { name: "Deposit Funds" })).toBeVisible(),
    },
    {
      section: "welcome",
      control: "Toggle sidebar",
      answer: () =>
        expect(
          page.getByRole("dialog", { name: "Sidebar" }).getByRole("link", { name: "Billing history" }),
        ).toBeVisible(),
    },
    {
      section: "user-info",
      control: "Edit User",
      answer: () => expect(page.getByRole("dialog", { name: "Change user information" })).toBeVisible(),
    },
    {
      section: "user-info",
      control: "CHANGE PASSWORD",
      answer: () => expect(page.getByRole("dialog", { name: "Change password" })).toBeVisible(),
    },
    {
      section: "user-info",
      control: "Turn on",
      answer: () => expect(page.getByRole("dialog", { name: "Turn on two-factor authentication" })).toBeVisible(),
    },
    {
      section: "subscriptions",
      control: "Add to cart",
      answer: () => expect(page.getByRole("button", { name: "Remove from cart" })).toHaveCount(1),
    },
    {
      section: "knowledgebase",
      control: "How to deposit USDT (TRC-20)",
      answer: () =>
        expect(page.getByRole("button", { name: "How to deposit USDT (TRC-20)" })).toHaveAttribute(
          "aria-expanded",
          "true",
        ),
    },
  ];
  for (const { section, control, answer } of cases) {
    await test.step(`${section}: ${control}`, async () => {
      await openBeforeScripts(page, `/dashboard?section=${section}`);
      await tapBeforeScripts(page.getByRole("button", { name: control, exact: true }).first());
      await answer();
    });
  }
});
