import { afterAll, beforeAll, expect, it } from "vitest";
import * as cardRoute from "~/routes/api/portal/api.portal.card-checkout";
import * as ordersRoute from "~/routes/api/portal/api.portal.orders";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { startFakeStripe, type FakeStripe } from "../../helpers/fake-stripe";
import { createMember } from "../../helpers/members";
import { openTestPortalSession } from "../../helpers/portal";
import { callAction } from "../../helpers/route-request";

const USDT = 1_000_000n;
let stripe: FakeStripe;
withTestDataDir("portal-card", {
  TELEGRAM_BOT_USERNAME: "signals_test_bot",
  LOG_LEVEL: "silent",
});
let address = 0;
const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, clientIp: `10.48.0.${++address}` });

describeEachDatabase("the portal's card payment", (database) => {
  const db = () => database().db;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
    resetSingleton("config");
    resetSingleton("stripe");
    setSingleton("database", database());
  });
  afterAll(async () => {
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"]) delete process.env[name];
    resetSingleton("config");
    resetSingleton("stripe");
    resetSingleton("database");
    await stripe?.close();
  });

  it("opens Stripe Checkout for what the open order still needs, and comes back to the bot's chat", async () => {
    const plan = await createPlan(db(), "Card VIP", 30n * USDT);
    const member = await createMember(db(), { balance: 10n * USDT });
    const token = await openTestPortalSession({ db: db(), userId: member.id });
    await callAction(ordersRoute, {
      path: "/api/portal/orders",
      json: { planIds: [plan.id], billingPeriod: "monthly" },
      ...as(token),
    });
    const answer = await callAction(cardRoute, {
      path: "/api/portal/card-checkout",
      json: { purpose: "order" },
      ...as(token),
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, url: expect.stringMatching(/^http/) } });
    expect(stripe.requests.at(-1)!.body).toMatchObject({
      client_reference_id: member.id,
      success_url: "https://t.me/signals_test_bot",
      cancel_url: "https://t.me/signals_test_bot",
      line_items: [{ price_data: { unit_amount: "2000" } }],
    });
  });
});
