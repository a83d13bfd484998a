import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { ledgerEntries, opsAlerts, profiles } from "#server/db/schema";
import { OPS_TOKEN_ACTOR, opsRouter } from "#server/ops/router";
import { readLastReconciliation } from "#server/staff/money/reconciliation";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const TOKEN = "test-ops-token-0123456789abcdef";

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
      opsRouter(() => TOKEN, { getDb: () => database().db, actor: "cli:alice@db-host" }),
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
          "actor is no longer accepted: the ledger records the authenticated operator (the ops token, or the OS user and host of a CLI that opens the database itself).",
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

  it("refuses every call without the token", async () => {
    const response = await fetch(`${url}/reconcile`, { method: "POST", headers: { authorization: "Bearer wrong" } });
    expect(response.status).toBe(401);
  });
});
