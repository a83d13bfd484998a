import { eq } from "drizzle-orm";
import { signInitData, telegramUserId } from "../../helpers/portal";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { markEmailVerified, signInNewMember } from "../support/member";
import { takeTrialPlansOff, trialPlan, type TrialApp } from "../support/trials";

// The server gets a bot token (and a local Bot API stand-in): the portal's init data is signed with it.
test.use({ staffAlerts: true });

test.afterEach(async ({ app }) => {
  await takeTrialPlansOff(app as TrialApp);
});

test("a trial started on the website is marked as a free trial in the Telegram portal", async ({
  page,
  app,
  context,
}) => {
  const testApp = app as TrialApp;
  const plan = await trialPlan(testApp, 6);
  const member = await signInNewMember(testApp, context, { firstName: "Tara" });
  await markEmailVerified(testApp, member.userId);
  const telegramId = telegramUserId();
  const { profiles } = testApp.testing.schema;
  await testApp.testing
    .getDatabase()
    .db.update(profiles)
    .set({ telegramVerified: true, telegramUserId: BigInt(telegramId) })
    .where(eq(profiles.id, member.userId));

  await page.goto(`/dashboard/trial/${plan.id}`);
  await page.getByRole("button", { name: "Start free trial" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);

  const initData = signInitData({ userId: telegramId, firstName: "Tara", token: app.botApi!.token });
  await page.goto(
    `/tg#${new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: "8.0", tgWebAppPlatform: "web" })}`,
  );
  await expect(page.getByRole("heading", { name: "Hi, Tara" })).toBeVisible();
  const subscription = page.getByTestId("portal-subscription").filter({ hasText: plan.name });
  await expect(subscription).toContainText(/Free trial · Active · Trial ends on \w{3} \d{1,2}, \d{4}/);
  await expectAccessible(page, "portal with a free trial");
});
