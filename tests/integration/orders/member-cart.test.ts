import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as cartRoute from "~/routes/api/dashboard/api.dashboard.cart";
import { action as joinAction } from "~/routes/auth/join.details";
import * as signIn from "~/routes/auth/signin";
import { loader as dashboardLoader } from "~/routes/dashboard/dashboard";
import type { Db } from "#server/db/client";
import { memberCarts, pricing, subscriptions, user } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("member-cart");

async function createPlan(db: Db, name: string) {
  const [plan] = await db
    .insert(pricing)
    .values({
      planId: `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}`,
      name,
      price: 9_000_000n,
      published: true,
    })
    .returning();
  return plan!;
}

const ip = () => `10.79.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

// The cart kept with the account: written by sign-up, by the dashboard as the member changes it,
// and joined by the cart a member brings to sign-in; read back by the dashboard's Subscriptions.
describeEachDatabase("the member's cart on the server", (database) => {
  const db = () => database().db;
  const keptCart = async (userId: string) =>
    (await db().select().from(memberCarts).where(eq(memberCarts.userId, userId)))[0];
  useProcessDatabase(database);

  it("sign-up keeps the cart; a sign-in elsewhere adds its plans; Subscriptions reads it back", async () => {
    const [a, b, c] = [
      await createPlan(db(), "Alpha"),
      await createPlan(db(), "Beta"),
      await createPlan(db(), "Gamma"),
    ];
    const tag = crypto.randomBytes(4).toString("hex");
    const email = `cart-${tag}@example.com`;
    const joined = await callAction(joinAction, {
      path: "/join/details",
      clientIp: ip(),
      form: {
        firstName: "Cara",
        lastName: "Cart",
        email,
        password: "Analytical1",
        telegram: `cara_${tag}`,
        acceptTerms: "on",
        acceptRisk: "on",
        cart: JSON.stringify({ planIds: [a.id, b.id], billingPeriod: "quarterly" }),
      },
    });
    expect(joined.status).toBe(302);
    const [account] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(await keptCart(account!.id)).toMatchObject({ planIds: [a.id, b.id], billingPeriod: "quarterly" });

    // Another browser: its own cart (one plan already kept, one new) joins the kept one.
    const signedIn = await callAction(signIn, {
      path: "/signin",
      clientIp: ip(),
      form: {
        email,
        password: "Analytical1",
        cart: JSON.stringify({ planIds: [b.id, c.id], billingPeriod: "monthly" }),
      },
    });
    expect(signedIn.status).toBe(302);
    expect(await keptCart(account!.id)).toMatchObject({ planIds: [a.id, b.id, c.id], billingPeriod: "monthly" });

    // A sign-in with an empty or broken cart leaves it alone.
    for (const cart of [JSON.stringify({ planIds: [], billingPeriod: "lifetime" }), "{broken", ""]) {
      const again = await callAction(signIn, {
        path: "/signin",
        clientIp: ip(),
        form: { email, password: "Analytical1", cart },
      });
      expect(again.status).toBe(302);
    }
    expect(await keptCart(account!.id)).toMatchObject({ planIds: [a.id, b.id, c.id], billingPeriod: "monthly" });

    const cookie = signedIn.cookies!.map((value) => value.split(";")[0]).join("; ");
    const page = await callLoader(dashboardLoader, { path: "/dashboard?section=subscriptions", cookie });
    const data = page.data as { subscriptions: { cart: unknown } };
    expect(data.subscriptions.cart).toEqual({
      planIds: [a.id, b.id, c.id],
      billingPeriod: "monthly",
      couponCode: null,
    });
  });

  it("the dashboard writes the whole cart, empty too; refuses bad input and a visitor", async () => {
    const plan = await createPlan(db(), "Delta");
    const member = await signUpStaff(db(), null);
    const save = (json: unknown, cookie: string | undefined = member.cookie) =>
      callAction(cartRoute, { path: "/api/dashboard/cart", cookie, json });

    expect(await save({ planIds: [plan.id, plan.id], billingPeriod: "lifetime" })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await keptCart(member.userId)).toMatchObject({ planIds: [plan.id], billingPeriod: "lifetime" });
    expect(await save({ planIds: [], billingPeriod: "lifetime" })).toMatchObject({ status: 200 });
    expect(await keptCart(member.userId)).toMatchObject({ planIds: [], billingPeriod: "lifetime" });

    expect(await save({ planIds: [-1], billingPeriod: "monthly" })).toMatchObject({ status: 400 });
    // Past PostgreSQL's integer an id names no plan: refused as bad input, not a failed query.
    expect(await save({ planIds: [3_000_000_000], billingPeriod: "monthly" })).toMatchObject({ status: 400 });
    expect(await save({ planIds: [1], billingPeriod: "weekly" })).toMatchObject({ status: 400 });
    expect(
      await save({ planIds: Array.from({ length: 21 }, (_, i) => i + 1), billingPeriod: "monthly" }),
    ).toMatchObject({
      status: 400,
    });
    expect(await keptCart(member.userId)).toMatchObject({ planIds: [] });
    expect(await save({ planIds: [plan.id], billingPeriod: "monthly" }, "")).toMatchObject({
      status: 401,
      data: { signedOut: true },
    });
  });

  it("Subscriptions leaves out of the kept cart the plans the member already has", async () => {
    // Right after a purchase the page reloads before the browser's emptied cart is written: the
    // plans just bought must not come back into the cart.
    const [bought, wanted] = [await createPlan(db(), "Echo"), await createPlan(db(), "Foxtrot")];
    const member = await signUpStaff(db(), null);
    await callAction(cartRoute, {
      path: "/api/dashboard/cart",
      cookie: member.cookie,
      json: { planIds: [bought.id, wanted.id], billingPeriod: "monthly" },
    });
    await db()
      .insert(subscriptions)
      .values({
        userId: member.userId,
        planId: bought.id,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 30 * 86_400_000),
      });
    const page = await callLoader(dashboardLoader, { path: "/dashboard?section=subscriptions", cookie: member.cookie });
    expect((page.data as { subscriptions: { cart: unknown } }).subscriptions.cart).toEqual({
      planIds: [wanted.id],
      billingPeriod: "monthly",
      couponCode: null,
    });
  });
});
