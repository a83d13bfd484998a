import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { action as autorenewAction } from "~/routes/api/dashboard/api.dashboard.autorenew";
import { action as passwordAction } from "~/routes/api/dashboard/api.dashboard.password";
import { action as profileAction } from "~/routes/api/dashboard/api.dashboard.profile";
import { action as purchaseAction } from "~/routes/api/dashboard/api.dashboard.purchase";
import { action as codeAction } from "~/routes/api/dashboard/api.dashboard.telegram-code";
import { loader as dashboardLoader } from "~/routes/dashboard/dashboard";
import { signInMember } from "#server/auth/accounts/sign-in-member";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { seedDemoContentIfEmpty } from "#server/content/seed-demo-content";
import { listBillingHistory } from "#server/dashboard/list-billing-history";
import { listMemberSubscriptions } from "#server/dashboard/list-member-subscriptions";
import { billingHistory, pricing, profiles, session, subscriptions, user } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { expectLedgerInvariant } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";

withTestDataDir("dashboard");

const cookieFrom = (h: Headers) =>
  h
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
let ipCounter = 1;

describeEachDatabase("member dashboard", (database) => {
  const db = () => database().db;
  let ada: { userId: string; cookie: string };
  let bob: { userId: string; cookie: string };

  async function member(first: string, telegram = `${first.toLowerCase()}_tg`) {
    const ip = `10.9.0.${ipCounter++}`;
    const result = await signUpMember({
      db: db(),
      input: {
        firstName: first,
        lastName: "Tester",
        email: `${first.toLowerCase()}-${ipCounter}@example.com`,
        password: "Analytical1",
        telegram,
        acceptTerms: true,
        acceptRisk: true,
      },
      clientIp: ip,
      headers: new Headers({ "x-client-ip": ip }),
    });
    return { userId: result.userId, cookie: cookieFrom(result.headers) };
  }

  async function subscribe(userId: string, period: "monthly" | "lifetime") {
    const [plan] = await db()
      .select()
      .from(pricing)
      .where(eq(pricing.published, true))
      .limit(1)
      .offset(period === "monthly" ? 0 : 1);
    const [row] = await db()
      .insert(subscriptions)
      .values({
        userId,
        planId: plan!.id,
        billingPeriod: period,
        nextBillingDate: period === "lifetime" ? null : new Date(Date.now() + 30 * 86_400_000),
        autorenew: period !== "lifetime",
      })
      .returning();
    return row!;
  }

  useProcessDatabase(database);
  beforeAll(async () => {
    await seedDemoContentIfEmpty({ db: db(), brandName: "NovaSignals" });
    ada = await member("Ada");
    bob = await member("Bob");
  });

  it("the page: visitors go to sign in and come back; the member's own data, the sidebar cookie, the section", async () => {
    const load = (path: string, cookie?: string) => callLoader(dashboardLoader, { path, cookie });
    const redirect = await load("/dashboard?section=billing-history");
    expect(redirect.status).toBe(302);
    expect(redirect.location).toBe("/signin?redirectTo=%2Fdashboard%3Fsection%3Dbilling-history");

    const page = await load("/dashboard?section=Signals", `${ada.cookie}; sidebar_state=false`);
    const loaded = page.data as {
      section: unknown;
      sidebarOpen: boolean;
      profile: { email: string; balance: string };
      wallet: { address: string; qr: { size: number } };
    };
    expect(loaded.section).toEqual({ key: "signals", enabled: false, title: "Signals" });
    expect(loaded.sidebarOpen).toBe(false);
    expect(loaded.profile.email).toMatch(/^ada-/);
    expect(loaded.wallet.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(loaded.wallet.qr.size).toBe(29 + 8);
    // A section the dashboard does not define is not found, not "Coming soon".
    for (const unknown of ["Market_News", "market-news", "x".repeat(500)])
      expect((await load(`/dashboard?section=${unknown}`, ada.cookie)).status, unknown).toBe(404);
    const open = await load("/dashboard", ada.cookie);
    expect(open.data).toMatchObject({ section: { key: "welcome", enabled: true }, sidebarOpen: true });
    // Welcome lists the active plans only: none yet, then the one bought; a cancelled one never.
    expect(open.data.welcome).toEqual({ active: [] });
    const cy = await member("Cy");
    const monthly = await subscribe(cy.userId, "monthly");
    const cancelled = await subscribe(cy.userId, "lifetime");
    await db().update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.id, cancelled.id));
    const welcome = (await load("/dashboard", cy.cookie)).data.welcome as { active: { id: string }[] };
    expect(welcome.active.map((s) => s.id)).toEqual([monthly.id]);
    expect((await load("/dashboard?section=user-info", ada.cookie)).data.welcome).toBeNull();
  });

  it("autorenew: another member's subscription id is 404 and nothing changes; a malformed id too", async () => {
    const adas = await subscribe(ada.userId, "monthly");
    const foreign = await callAction(autorenewAction, {
      path: "/api/dashboard/autorenew",
      json: { subscriptionId: adas.id, autorenew: false },
      cookie: bob.cookie,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.data).toMatchObject({ ok: false, error: "Subscription not found." });
    const malformed = await callAction(autorenewAction, {
      path: "/api/dashboard/autorenew",
      json: { subscriptionId: "1 or 1=1", autorenew: false },
      cookie: bob.cookie,
    });
    expect(malformed.status).toBe(404);
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, adas.id));
    expect(after!.autorenew).toBe(true);

    const own = await callAction(autorenewAction, {
      path: "/api/dashboard/autorenew",
      json: { subscriptionId: adas.id, autorenew: false },
      cookie: ada.cookie,
    });
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ ok: true, autorenew: false });
    const [changed] = await db().select().from(subscriptions).where(eq(subscriptions.id, adas.id));
    expect(changed!.autorenew).toBe(false);
  });

  it("autorenew: a lifetime subscription cannot be changed", async () => {
    const lifetime = await subscribe(ada.userId, "lifetime");
    const answer = await callAction(autorenewAction, {
      path: "/api/dashboard/autorenew",
      json: { subscriptionId: lifetime.id, autorenew: true },
      cookie: ada.cookie,
    });
    expect(answer.status).toBe(409);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, lifetime.id));
    expect(row!.autorenew).toBe(false);
  });

  it("autorenew: a complimentary plan cannot be switched on (it is never charged), and the list marks it", async () => {
    const [plan] = await db().select().from(pricing).where(eq(pricing.published, true)).limit(1).offset(2);
    const [monthly] = await db()
      .insert(subscriptions)
      .values({
        userId: ada.userId,
        planId: plan!.id,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 30 * 86_400_000),
        autorenew: false,
        complimentary: true,
      })
      .returning();
    const answer = await callAction(autorenewAction, {
      path: "/api/dashboard/autorenew",
      json: { subscriptionId: monthly!.id, autorenew: true },
      cookie: ada.cookie,
    });
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({
      error: "A complimentary plan is never charged, so autorenew cannot be changed.",
    });
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, monthly!.id));
    expect(row!.autorenew).toBe(false);
    const listed = await listMemberSubscriptions({ db: db(), userId: ada.userId });
    expect(listed.find((s) => s.id === monthly!.id)).toMatchObject({ complimentary: true });
    await db().delete(subscriptions).where(eq(subscriptions.id, monthly!.id));
  });

  it("user info: only first and last name change, whatever else the body says", async () => {
    const [before] = await db().select().from(profiles).where(eq(profiles.id, ada.userId));
    const [beforeUser] = await db().select().from(user).where(eq(user.id, ada.userId));
    const answer = await callAction(profileAction, {
      path: "/api/dashboard/profile",
      json: {
        firstName: "  Augusta ",
        lastName: "King",
        email: "evil@example.com",
        telegramUsername: "evil_tg",
        balance: "1000000000",
        telegramVerified: true,
        id: bob.userId,
      },
      cookie: ada.cookie,
    });
    expect(answer.status).toBe(200);
    const [after] = await db().select().from(profiles).where(eq(profiles.id, ada.userId));
    expect(after).toMatchObject({
      firstName: "Augusta",
      lastName: "King",
      telegramUsername: before!.telegramUsername,
      balance: before!.balance,
      telegramVerified: false,
    });
    const [afterUser] = await db().select().from(user).where(eq(user.id, ada.userId));
    expect(afterUser).toMatchObject({ email: beforeUser!.email, name: "Augusta King" });
    const [bobs] = await db().select().from(profiles).where(eq(profiles.id, bob.userId));
    expect(bobs!.firstName).toBe("Bob");
  });

  it("user info: names are required and at most 100 characters", async () => {
    const blank = await callAction(profileAction, {
      path: "/api/dashboard/profile",
      json: { firstName: "   ", lastName: "King" },
      cookie: ada.cookie,
    });
    expect(blank.status).toBe(400);
    expect(blank.data.error).toBe("First name is required");
    const long = await callAction(profileAction, {
      path: "/api/dashboard/profile",
      json: { firstName: "Ada", lastName: "x".repeat(101) },
      cookie: ada.cookie,
    });
    expect(long.status).toBe(400);
    expect(long.data.error).toBe("Last name must be less than 100 characters");
  });

  it("every action refuses a visitor (401) and a cross-site request (403)", async () => {
    const anonymous = await callAction(profileAction, {
      path: "/api/dashboard/profile",
      json: { firstName: "X", lastName: "Y" },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toMatchObject({ signedOut: true });
    const purchase = await callAction(purchaseAction, { path: "/api/dashboard/purchase", json: {} });
    expect(purchase.data.error).toBe("Please sign in to complete purchase");
    const crossSite = await callAction(codeAction, {
      path: "/api/dashboard/telegram-code",
      json: {},
      cookie: ada.cookie,
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
  });

  it("Telegram code: 6 digits stored with a 15-minute expiry; refused without a username", async () => {
    const answer = await callAction(codeAction, { path: "/api/dashboard/telegram-code", json: {}, cookie: ada.cookie });
    expect(answer.status).toBe(200);
    const code = Number(answer.data.code);
    expect(code).toBeGreaterThanOrEqual(100000);
    expect(code).toBeLessThanOrEqual(999999);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, ada.userId));
    expect(row!.verificationCode).toBe(String(code));
    const minutes = (row!.verificationCodeExpiresAt!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15);

    await db().update(profiles).set({ telegramUsername: null }).where(eq(profiles.id, bob.userId));
    const none = await callAction(codeAction, { path: "/api/dashboard/telegram-code", json: {}, cookie: bob.cookie });
    expect(none.status).toBe(400);
    expect(none.data.error).toBe("Please set your Telegram username in User Info first.");
    const [bobs] = await db().select().from(profiles).where(eq(profiles.id, bob.userId));
    expect(bobs!.verificationCode).toBeNull();
  });

  it("purchase: refuses a short balance, then charges the member's own balance once", async () => {
    const carol = await member("Carol");
    const [plan] = await db().select().from(pricing).where(eq(pricing.published, true)).limit(1);
    const body = {
      planIds: [plan!.id],
      billingPeriod: "monthly",
      totalAmount: plan!.price.toString(),
      idempotencyKey: "k-1",
    };
    const short = await callAction(purchaseAction, {
      path: "/api/dashboard/purchase",
      json: body,
      cookie: carol.cookie,
    });
    expect(short.status).toBe(402);
    expect(short.data).toMatchObject({ ok: false, required: plan!.price.toString(), currentBalance: "0" });
    expect(String(short.data.error)).toMatch(/^Insufficient balance\. You need \$[\d,]+\.\d\d more\.$/);

    const { postLedgerEntry } = await import("#server/billing/ledger");
    await postLedgerEntry({
      tx: db(),
      userId: carol.userId,
      kind: "adjustment",
      amount: plan!.price * 2n,
      reference: `test:${carol.userId}`,
    });
    const ok = await callAction(purchaseAction, { path: "/api/dashboard/purchase", json: body, cookie: carol.cookie });
    expect(ok.data).toEqual({
      ok: true,
      activeSubscriptions: [plan!.id],
      newBalance: plan!.price.toString(),
      // What was bought, for the toast that says so.
      bought: {
        plans: [plan!.name],
        period: "monthly",
        total: plan!.price.toString(),
        activeUntil: expect.any(String),
      },
    });
    const again = await callAction(purchaseAction, {
      path: "/api/dashboard/purchase",
      json: body,
      cookie: carol.cookie,
    });
    expect(again.data).toEqual(ok.data);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, carol.userId));
    expect(row!.balance).toBe(plan!.price);
    expect(await listMemberSubscriptions({ db: db(), userId: carol.userId })).toHaveLength(1);
    // One purchase row (the replay wrote none) under the opening credit, both from the ledger.
    const statement = await listBillingHistory({ db: db(), userId: carol.userId });
    expect(statement.map((row) => [row.kind, row.amount, row.balanceAfter])).toEqual([
      ["purchase", (-plan!.price).toString(), plan!.price.toString()],
      ["adjustment", (plan!.price * 2n).toString(), (plan!.price * 2n).toString()],
    ]);
    await expectLedgerInvariant(db());

    const bad = await callAction(purchaseAction, {
      path: "/api/dashboard/purchase",
      json: { ...body, totalAmount: "-5" },
      cookie: carol.cookie,
    });
    expect(bad.status).toBe(400);
  });

  it("lists are the member's own, billing newest first", async () => {
    const older = new Date("2026-01-01T00:00:00Z");
    await db()
      .insert(billingHistory)
      .values([
        { userId: bob.userId, invoiceId: "INV-BOB-1", issueDate: older, totalAmount: 1n, status: "failed" },
        { userId: bob.userId, invoiceId: "INV-BOB-2", issueDate: new Date(), totalAmount: 2n, status: "pending" },
      ]);
    const bobs = await listBillingHistory({ db: db(), userId: bob.userId });
    expect(bobs.map((r) => r.invoiceId)).toEqual(["INV-BOB-2", "INV-BOB-1"]);
    const adas = await listBillingHistory({ db: db(), userId: ada.userId });
    expect(adas.some((r) => r.invoiceId?.startsWith("INV-BOB"))).toBe(false);
    const adaSubs = await listMemberSubscriptions({ db: db(), userId: ada.userId });
    expect(adaSubs.length).toBeGreaterThan(0);
    expect(await listMemberSubscriptions({ db: db(), userId: bob.userId })).toEqual([]);
  });

  it("change password: the one policy, the current password, and other sessions signed out", async () => {
    const dave = await member("Dave");
    const ip = "10.9.9.9";
    const other = await signInMember({
      db: db(),
      email: (await db().select().from(user).where(eq(user.id, dave.userId)))[0]!.email,
      password: "Analytical1",
      clientIp: ip,
      headers: new Headers({ "x-client-ip": ip }),
    });
    expect(await db().select().from(session).where(eq(session.userId, dave.userId))).toHaveLength(2);

    const weak = await callAction(passwordAction, {
      path: "/api/dashboard/password",
      json: { currentPassword: "Analytical1", newPassword: "weakpass1", confirmPassword: "weakpass1" },
      cookie: dave.cookie,
    });
    expect(weak.status).toBe(400);
    expect(weak.data.fieldErrors).toMatchObject({ newPassword: "Password must contain at least one uppercase letter" });
    const wrong = await callAction(passwordAction, {
      path: "/api/dashboard/password",
      json: { currentPassword: "Wrong1234", newPassword: "Difference2", confirmPassword: "Difference2" },
      cookie: dave.cookie,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error).toBe("Current password is incorrect.");

    const ok = await callAction(passwordAction, {
      path: "/api/dashboard/password",
      json: { currentPassword: "Analytical1", newPassword: "Difference2", confirmPassword: "Difference2" },
      cookie: dave.cookie,
    });
    expect(ok.status).toBe(200);
    const fresh = cookieFrom(ok.headers!);
    expect(fresh).toContain("session_token=");
    const sessions = await db().select().from(session).where(eq(session.userId, dave.userId));
    expect(sessions).toHaveLength(1);
    // The other browser's session is gone; this browser continues with the new cookie.
    const stale = await callAction(profileAction, {
      path: "/api/dashboard/profile",
      json: { firstName: "D", lastName: "T" },
      cookie: cookieFrom(other.headers),
    });
    expect(stale.status).toBe(401);
    const current = await callAction(profileAction, {
      path: "/api/dashboard/profile",
      json: { firstName: "D", lastName: "T" },
      cookie: fresh,
    });
    expect(current.status).toBe(200);
  });
});
