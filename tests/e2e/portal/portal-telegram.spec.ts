import { eq } from "drizzle-orm";
import { signInitData, telegramUserId } from "../../helpers/portal";
import { expect, test } from "../support/fixtures";
import { signInNewMember } from "../support/member";

const USDT = 1_000_000n;

// The server gets a bot token (and a local Bot API stand-in): the portal's init data is signed with it.
test.use({ staffAlerts: true });

// Inside a Telegram app the page talks to the client through window.TelegramWebviewProxy, and the
// client answers through window.Telegram.WebView.receiveEvent: both stood in for here.
test("inside Telegram: theme colours, Telegram's main and back buttons drive the portal", async ({
  page,
  app,
  context,
}) => {
  const member = await signInNewMember(app, context, { balance: 500n * USDT, firstName: "Tom" });
  const id = telegramUserId();
  const { db } = app.testing.getDatabase();
  const { profiles, subscriptions } = app.testing.schema;
  await db
    .update(profiles)
    .set({ telegramVerified: true, telegramUserId: BigInt(id) })
    .where(eq(profiles.id, member.userId));
  await page.addInitScript(() => {
    const events: { type: string; data: Record<string, unknown> }[] = [];
    (window as unknown as { portalEvents: typeof events }).portalEvents = events;
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
      postEvent: (type: string, data: string) => events.push({ type, data: JSON.parse(data) }),
    };
  });
  const events = () =>
    page.evaluate(
      () => (window as unknown as { portalEvents: { type: string; data: Record<string, unknown> }[] }).portalEvents,
    );
  const last = async (type: string) => (await events()).filter((e) => e.type === type).at(-1)?.data;
  const receive = (type: string, data: Record<string, unknown> = {}) =>
    page.evaluate(
      ([type, data]) =>
        (
          window as unknown as { Telegram: { WebView: { receiveEvent: (t: string, d: unknown) => void } } }
        ).Telegram.WebView.receiveEvent(type as string, data),
      [type, data] as const,
    );

  const theme = JSON.stringify({ bg_color: "#17212b", text_color: "#f5f5f5", button_color: "#5288c1" });
  const initData = signInitData({ userId: id, firstName: "Tom", token: app.botApi!.token });
  await page.goto(
    `/tg#${new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: "8.0", tgWebAppPlatform: "ios", tgWebAppThemeParams: theme })}`,
  );
  await expect(page.getByRole("heading", { name: "Hi, Tom" })).toBeVisible();
  // Telegram's theme colours become the page's.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(23, 33, 43)");
  expect((await events()).map((e) => e.type)).toEqual(expect.arrayContaining(["web_app_ready", "web_app_expand"]));
  expect(await last("web_app_setup_main_button")).toMatchObject({ is_visible: false });
  // A theme change while open.
  await receive("theme_changed", { theme_params: { bg_color: "#ffffff" } });
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");

  // The confirm step: its action is Telegram's main button, and Telegram's back button shows.
  await page
    .getByTestId("portal-plan")
    .first()
    .getByRole("button", { name: /^Monthly/ })
    .click();
  await expect(page.getByRole("button", { name: /from balance$/ })).toBeHidden();
  await expect
    .poll(() => last("web_app_setup_main_button"))
    .toMatchObject({ is_visible: true, text: expect.stringMatching(/from balance$/) });
  expect(await last("web_app_setup_back_button")).toEqual({ is_visible: true });
  await expect(page.getByRole("button", { name: "← Back" })).toBeHidden();

  // Back, then in again, and the main button pays.
  await receive("back_button_pressed");
  await expect(page.getByRole("heading", { name: "Hi, Tom" })).toBeVisible();
  expect(await last("web_app_setup_back_button")).toEqual({ is_visible: false });
  await page
    .getByTestId("portal-plan")
    .first()
    .getByRole("button", { name: /^Monthly/ })
    .click();
  await expect.poll(() => last("web_app_setup_main_button")).toMatchObject({ is_visible: true });
  await receive("main_button_pressed");
  await expect(page.getByRole("status")).toHaveText(
    // What the balance paid for (the plan, its price, until when) and what is left, from the server's answer.
    /^Payment successful\. You subscribed to .+ \(monthly\) for \$\d+\.\d\d USDT, active until [A-Z][a-z]{2} \d+, \d{4}\. Left on your balance: \$\d+\.\d\d USDT\.$/,
  );
  await expect(page.getByTestId("portal-subscription")).toHaveCount(1);
  expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId))).toHaveLength(1);
});
