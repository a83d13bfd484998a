import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as sessionRoute from "~/routes/api/portal/api.portal.session";
import * as viewRoute from "~/routes/api/portal/api.portal.view";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { startTrial } from "#server/billing/start-trial";
import { telegramPortalSessions, user } from "#server/db/schema";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { PORTAL_MESSAGES } from "#server/portal/check-init-data";
import { getPortalSession } from "#server/portal/get-portal-session";
import { createTrialPlan } from "../../helpers/billing";
import { createCoverPlans, holdPlan } from "../../helpers/complimentary-cover";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { FAKE_BOT_TOKEN } from "../../helpers/fake-bot-api";
import { createMember } from "../../helpers/members";
import { signInitData, telegramUserId, verifyTelegram } from "../../helpers/portal";
import { callAction, ORIGIN } from "../../helpers/route-request";

withTestDataDir("portal-session", { TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN });

const DAY = 86_400_000;

let address = 0;
const exchange = (initData: string) =>
  callAction(sessionRoute, { path: "/api/portal/session", json: { initData }, clientIp: `10.44.0.${++address}` });

async function view(token: string, query = "") {
  const response = (await viewRoute.loader({
    request: new Request(`${ORIGIN}/api/portal/view${query}`, { headers: { authorization: `Bearer ${token}` } }),
  } as never)) as Response;
  return { status: response.status, text: await response.text() };
}

describeEachDatabase("the portal's exchange of signed init data", (database) => {
  const db = () => database().db;
  beforeAll(() => setSingleton("database", database()));
  beforeAll(() => () => resetSingleton("database"));

  describe("the exchange", () => {
    it("gives a token for signed init data, once", async () => {
      const initData = signInitData({ userId: telegramUserId() });
      const first = await exchange(initData);
      expect(first.status).toBe(200);
      expect(first.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const replay = await exchange(initData);
      expect(replay).toMatchObject({ status: 401, data: { ok: false, error: PORTAL_MESSAGES.used, signedOut: true } });
    });

    it("refuses init data signed with another token, and stale init data", async () => {
      const forged = await exchange(
        signInitData({ userId: telegramUserId(), token: "987654321:OTHER-token_abcdefghijklmnopqrstuv" }),
      );
      expect(forged).toMatchObject({ status: 401, data: { error: PORTAL_MESSAGES.invalid } });
      const stale = await exchange(
        signInitData({ userId: telegramUserId(), authDate: new Date(Date.now() - 60 * 60 * 1000) }),
      );
      expect(stale).toMatchObject({ status: 401, data: { error: PORTAL_MESSAGES.stale } });
      expect(await db().select().from(telegramPortalSessions)).toHaveLength(1);
    });

    it("binds the token to the signed Telegram account, never to an id the page sends", async () => {
      const id = telegramUserId();
      const answer = await callAction(sessionRoute, {
        path: "/api/portal/session",
        json: { initData: signInitData({ userId: id }), userId: 5, telegramUserId: 5 },
        clientIp: "10.44.1.1",
      });
      const session = await getPortalSession({ db: db(), token: String(answer.data.token) });
      expect(session).toMatchObject({ telegramUserId: id, memberId: null });
    });
  });

  describe("what the portal shows", () => {
    it("shows a verified member their own balance and plans", async () => {
      const id = telegramUserId();
      const member = await createMember(db(), { firstName: "Vera", balance: 25_500_000n });
      await createMember(db(), { firstName: "Other", balance: 99_000_000n });
      await verifyTelegram({ db: db(), userId: member.id, telegramUserId: id });
      const token = String((await exchange(signInitData({ userId: id }))).data.token);
      const home = await view(token);
      expect(home.status).toBe(200);
      expect(home.text).toContain("Hi, Vera");
      expect(home.text).toContain("$25.50 USDT");
      expect(home.text).not.toContain("$99.00");
      expect(home.text).toContain('id="portal-plans"');
    });

    it("says a converted trial converted, and when, as the dashboard does; a running trial stays a free trial", async () => {
      const id = telegramUserId();
      // Its price on the balance, and the verified email a trial asks for.
      const member = await createMember(db(), { firstName: "Tess", balance: 60_000_000n });
      await db().update(user).set({ emailVerified: true }).where(eq(user.id, member.id));
      await verifyTelegram({ db: db(), userId: member.id, telegramUserId: id });
      const converting = await createTrialPlan(db(), { days: 7, name: "Converted Plan" });
      const running = await createTrialPlan(db(), { days: 7, name: "Running Plan" });
      // The conversion is the renewal's own: the trial ended a day ago with its price on the balance.
      const end = new Date(Date.now() - DAY);
      await startTrial({ db: db(), userId: member.id, planId: converting.id, now: new Date(end.getTime() - 7 * DAY) });
      expect((await runRenewals({ db: db(), now: end })).charged).toBe(1);
      await startTrial({ db: db(), userId: member.id, planId: running.id, now: new Date() });

      const token = String((await exchange(signInitData({ userId: id }))).data.token);
      const home = await view(token);
      const items = home.text.split('<li data-testid="portal-subscription">').slice(1);
      const item = (name: string) => items.find((html) => html.includes(`<h3>${name}</h3>`)) ?? "";
      const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(end);
      expect(item("Converted Plan")).toContain(`Converted from a free trial on ${day}`);
      expect(item("Converted Plan")).not.toContain("Free trial");
      expect(item("Running Plan")).toContain("Free trial · Active · Trial ends on");
      expect(item("Running Plan")).not.toContain("Converted");
    });

    it("says a paid plan a gift includes is not charged until the gift ends, as the dashboard does", async () => {
      const id = telegramUserId();
      const member = await createMember(db(), { firstName: "Cora" });
      await verifyTelegram({ db: db(), userId: member.id, telegramUserId: id });
      const plans = await createCoverPlans(db());
      const giftEnds = new Date(Date.now() + 40 * DAY);
      await holdPlan(db(), { userId: member.id, planId: plans.all.id, due: giftEnds, complimentary: true });
      await holdPlan(db(), { userId: member.id, planId: plans.vip.id, due: new Date(Date.now() + 10 * DAY) });
      // Its channel is not in the gift: charged as usual, so nothing is said.
      await holdPlan(db(), { userId: member.id, planId: plans.bot.id, due: new Date(Date.now() + 10 * DAY) });

      const token = String((await exchange(signInitData({ userId: id }))).data.token);
      const items = (await view(token)).text.split('<li data-testid="portal-subscription">').slice(1);
      const item = (name: string) => items.find((html) => html.includes(`<h3>${name}</h3>`)) ?? "";
      const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(giftEnds);
      expect(item("VIP Signals")).toContain(
        `Included in your complimentary All-in-One until ${day}: not charged until then.`,
      );
      expect(item("Signals Bot")).not.toContain("Included");
      expect(item("All-in-One")).not.toContain("Included");
    });

    it("offers an unknown Telegram account to link one, and shows no member", async () => {
      const token = String((await exchange(signInitData({ userId: telegramUserId(), firstName: "Nina" }))).data.token);
      const home = await view(token);
      expect(home.text).toContain("Hi, Nina");
      expect(home.text).toContain("Link your account");
      expect(home.text).not.toContain("Balance");
    });

    it("answers 401 without a token, with an unknown one, and with an expired one", async () => {
      expect((await view("")).status).toBe(401);
      expect(JSON.parse((await view("A".repeat(43))).text)).toMatchObject({ signedOut: true });
      const token = String((await exchange(signInitData({ userId: telegramUserId() }))).data.token);
      await db()
        .update(telegramPortalSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) });
      expect((await view(token)).status).toBe(401);
    });
  });
});
