import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { ledgerEntries, opsAlerts, pricing, profiles, subscriptions, telegramChatMembers } from "#server/db/schema";
import { OPS_TOKEN_ACTOR, opsRouter } from "#server/ops/router";
import { readLastReconciliation } from "#server/staff/money/reconciliation";
import { seedPlanChats } from "#server/telegram/seed-plan-chats";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { startSingletonBot, stopSingletonBot } from "../../helpers/telegram-bot";

const TOKEN = "test-ops-token-0123456789abcdef";
const CHAT = -1001000000301;

describeEachDatabase("operator API", (database) => {
  let server: Server;
  let url: string;
  let cliServer: Server;
  let cliUrl: string;

  const listen = async (router: express.Router) => {
    const app = express().use("/api/ops", router);
    const s = await new Promise<Server>((resolve) => {
      const started = app.listen(0, "127.0.0.1", () => resolve(started));
    });
    return { s, url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/api/ops` };
  };
  beforeAll(async () => {
    ({ s: server, url } = await listen(opsRouter(() => TOKEN, { getDb: () => database().db })));
    // What the ops CLI serves itself when it opens the database: its OS user and host as actor.
    ({ s: cliServer, url: cliUrl } = await listen(
      opsRouter(() => TOKEN, { getDb: () => database().db, actor: "cli:alice@db-host", standalone: true }),
    ));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => cliServer.close(resolve));
  });
  afterEach(async () => expectLedgerInvariant(database().db));

  const post = async (path: string, body?: Record<string, unknown>, base = url) => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const memosOf = async (userId: string) =>
    (
      await database()
        .db.select({ memo: ledgerEntries.memo })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
    ).map((r) => r.memo);

  it("records the authenticated credential as the actor, never a name from the request", async () => {
    const m = await createMember(database().db);
    const credit = { email: m.email, amount: "12.5", reference: `api:${m.id}`, reason: "wire transfer" };
    expect(await post("/credit", { ...credit, actor: "mallory" })).toEqual({
      status: 400,
      body: {
        error:
          "actor is no longer accepted: the ledger records the authenticated operator (the ops " +
          "token, or the OS user and host of a CLI that opens the database itself).",
      },
    });
    expect(await memosOf(m.id)).toEqual([]);

    expect(await post("/credit", credit)).toMatchObject({ status: 200, body: { applied: true, balance: "12.5" } });
    expect(await memosOf(m.id)).toEqual(["ops-token: wire transfer"]);
    expect(await post("/credit", { ...credit, reference: `cli:${m.id}` }, cliUrl)).toMatchObject({
      status: 200,
      body: { balance: "25" },
    });
    expect(await memosOf(m.id)).toEqual(["ops-token: wire transfer", "cli:alice@db-host: wire transfer"]);
  });

  it("answers a replayed reference with another amount or member with 409; the same replay is a no-op", async () => {
    const [a, b] = [await createMember(database().db), await createMember(database().db)];
    const credit = { email: a.email, amount: "5", reference: `replay:${a.id}` };
    expect(await post("/credit", credit)).toMatchObject({ status: 200, body: { applied: true, balance: "5" } });
    expect(await post("/credit", credit)).toMatchObject({ status: 200, body: { applied: false, balance: "5" } });
    expect(await post("/credit", { ...credit, amount: "50" })).toEqual({
      status: 409,
      body: {
        error: `The reference "replay:${a.id}" was already used for an amount of 5 USDT; use a new reference for a different adjustment.`,
      },
    });
    expect(await post("/credit", { ...credit, email: b.email })).toEqual({
      status: 409,
      body: {
        error: `The reference "replay:${a.id}" was already used for another member; use a new reference for a different adjustment.`,
      },
    });
  });

  it("reconciles on demand: all well, then a drifted balance reported and alerted; each run recorded for the back office", async () => {
    const db = database().db;
    expect(await post("/reconcile")).toMatchObject({
      status: 200,
      body: { consistent: true, mismatches: [], alertId: null },
    });
    // The reconciliation page's last check is this run, named after the operator who ran it.
    const recorded = await readLastReconciliation({ db });
    expect(recorded).toMatchObject({ ok: true, source: `ops:${OPS_TOKEN_ACTOR}`, mismatchCount: 0 });
    expect(recorded!.checked).toBeGreaterThan(0);
    const m = await createMember(db, { balance: 1_000_000n });
    await db.update(profiles).set({ balance: 900_000n }).where(eq(profiles.id, m.id));
    try {
      const found = await post("/reconcile");
      expect(found).toMatchObject({
        status: 200,
        body: {
          consistent: false,
          mismatches: [{ userId: m.id, email: m.email, balance: "0.9", ledgerSum: "1", difference: "-0.1" }],
        },
      });
      expect(
        await db
          .select()
          .from(opsAlerts)
          .where(eq(opsAlerts.id, Number(found.body.alertId))),
      ).toHaveLength(1);
      expect(await readLastReconciliation({ db })).toMatchObject({
        ok: true,
        mismatchCount: 1,
        mismatches: [{ userId: m.id, balance: "0.9", ledgerSum: "1", difference: "-0.1" }],
      });
    } finally {
      await db.update(profiles).set({ balance: 1_000_000n }).where(eq(profiles.id, m.id));
    }
  });

  it("renewals: ends the lapsed subscriptions and says what becomes of their chats, bot or no bot, server or CLI", async () => {
    const db = database().db;
    const [plan] = await db
      .insert(pricing)
      .values({ planId: "ops-vip", name: "Ops VIP", price: 10_000_000n, published: true })
      .returning();
    await seedPlanChats({ db, planChats: { "ops-vip": [CHAT] } });
    let telegramId = 55_000;
    /** A member in the plan's chat whose subscription lapses on the next run (autorenew off, due). */
    const lapsing = async () => {
      const m = await createMember(db);
      await db
        .update(profiles)
        .set({ telegramVerified: true, telegramUserId: BigInt(++telegramId) })
        .where(eq(profiles.id, m.id));
      await db.insert(subscriptions).values({
        userId: m.id,
        planId: plan!.id,
        billingPeriod: "monthly",
        autorenew: false,
        nextBillingDate: new Date(Date.now() - 1000),
      });
      await db.insert(telegramChatMembers).values({ chatId: CHAT, telegramUserId: telegramId, userId: m.id });
      return telegramId;
    };
    const inChat = async (id: number) =>
      (await db.select().from(telegramChatMembers).where(eq(telegramChatMembers.telegramUserId, id))).length > 0;

    // No bot in this process: the CLI says the server removes them; a server without a bot, that nobody will.
    const first = await lapsing();
    await lapsing();
    expect(await post("/renewals/run", {}, cliUrl)).toMatchObject({
      status: 200,
      body: {
        expired: 2,
        message:
          "ended 2 subscriptions; the server's renewal job removes their members from the paid chats within a " +
          "minute while it runs (TELEGRAM_BOT_TOKEN is not set here)",
      },
    });
    expect(await inChat(first)).toBe(true);
    await lapsing();
    expect(await post("/renewals/run")).toMatchObject({
      status: 200,
      body: {
        expired: 1,
        message:
          "ended 1 subscription; the Telegram bot is off (TELEGRAM_BOT_TOKEN is not set), so no one " +
          "is removed from chats",
      },
    });
    expect((await post("/telegram/reconcile", {}, cliUrl)).body.error).toMatch(
      /^The Telegram bot is off here: set TELEGRAM_BOT_TOKEN/,
    );

    // With the bot, the members this run ended are removed at once.
    const api = await startSingletonBot(db);
    try {
      const now = await lapsing();
      api.setChatMember(CHAT, now, "member");
      const answer = await post("/renewals/run", {}, cliUrl);
      expect(answer).toMatchObject({
        status: 200,
        body: {
          expired: 1,
          removedFromChats: 1,
          chatRemovalsFailed: 0,
          message: "ended 1 subscription; removed 1 member from the paid chats",
        },
      });
      expect(api.callsOf("banChatMember").map((c) => c.params.user_id)).toEqual([now]);
      expect(await inChat(now)).toBe(false);
    } finally {
      await stopSingletonBot(api);
    }
  });

  it("refuses every call without the token", async () => {
    const response = await fetch(`${url}/reconcile`, { method: "POST", headers: { authorization: "Bearer wrong" } });
    expect(response.status).toBe(401);
  });
});
