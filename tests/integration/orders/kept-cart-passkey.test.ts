import { expect, it } from "vitest";
import { action as signInAction } from "~/routes/api/api.signin.passkey";
import { action as signInOptionsAction } from "~/routes/api/api.signin.passkey.options";
import { action as addAction } from "~/routes/api/dashboard/api.dashboard.passkeys.add";
import { action as registerOptionsAction } from "~/routes/api/dashboard/api.dashboard.passkeys.options";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { getMemberCart } from "#server/orders/get-member-cart";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { call, Jar, ORIGIN, SITE, status } from "../../helpers/passkey-browser";
import { SoftAuthenticator } from "../../helpers/soft-authenticator";
import { makeCoupon, usdt } from "../coupons/coupon-fixtures";

withTestDataDir("kept-cart-passkey", { PUBLIC_URL: ORIGIN });

// A passkey sign-in ends the sign-in as the password does: the tab's cart, sent with the signed
// answer, joins the account's kept cart with its code. Before, it was left in the tab.
describeEachDatabase("the visitor's cart at a passkey sign-in", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);

  it("joins the kept cart with its code; a sign-in without one changes nothing", async () => {
    const plan = await createPlan(db(), "Keyed", usdt(35));
    const coupon = await makeCoupon(db(), { percentOff: "15" });
    const signedUp = await signUpMember({
      db: db(),
      input: {
        firstName: "Pat",
        lastName: "Key",
        email: `pat-key-${Date.now()}@example.com`,
        password: "Analytical1",
        telegram: "pat_key",
        acceptTerms: true,
        acceptRisk: true,
      },
      clientIp: "10.86.0.1",
      headers: new Headers({ "x-client-ip": "10.86.0.1" }),
    });
    const authenticator = new SoftAuthenticator(SITE);
    const member = new Jar(signedUp.headers);
    const creation = await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}, member);
    const options = creation.data.options as Parameters<SoftAuthenticator["create"]>[0];
    expect(
      status(await call(addAction, "/api/dashboard/passkeys/add", { response: authenticator.create(options) }, member)),
    ).toBe(200);

    const signIn = async (extra: Record<string, string>) => {
      const jar = new Jar();
      const started = await call(signInOptionsAction, "/api/signin/passkey/options", {}, jar, { ip: "10.86.0.2" });
      const request = started.data.options as Parameters<SoftAuthenticator["get"]>[0];
      const answer = await call(
        signInAction,
        "/api/signin/passkey",
        { response: authenticator.get(request), ...extra },
        jar,
        { ip: "10.86.0.2" },
      );
      expect(status(answer)).toBe(200);
    };

    await signIn({});
    expect(await getMemberCart({ db: db(), userId: signedUp.userId })).toBeNull();
    await signIn({
      cart: JSON.stringify({ planIds: [plan.id], billingPeriod: "monthly" }),
      cartCoupon: coupon.code.toLowerCase(),
    });
    expect(await getMemberCart({ db: db(), userId: signedUp.userId })).toEqual({
      planIds: [plan.id],
      billingPeriod: "monthly",
      couponCode: coupon.code,
    });
  });
});
