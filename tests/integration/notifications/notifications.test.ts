import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { notifications } from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { deliverNotifications } from "#server/notifications/deliver-notifications";
import { enqueueNotification } from "#server/notifications/enqueue-notification";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";

const dataDir = withTestDataDir("outbox", { BRAND_NAME: "Acme <Signals>" });

describeEachDatabase("notification outbox", (database) => {
  it("delivers a queued message once, into the dev outbox when SMTP is not configured", async () => {
    const db = database().db;
    const m = await createMember(db, { email: "ada@example.com", firstName: "Ada" });
    await enqueueNotification({
      tx: db,
      userId: m.id,
      kind: "deposit_credited",
      payload: { amount: "$25.50", balance: "$30.00", txId: "abc123" },
    });
    expect(await deliverNotifications({ db })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverNotifications({ db })).toEqual({ sent: 0, failed: 0 });
    const files = fs.readdirSync(path.join(dataDir, "outbox")).filter((f) => f.endsWith(".eml"));
    const eml = files
      .map((f) => fs.readFileSync(path.join(dataDir, "outbox", f), "utf8"))
      .find((t) => t.includes("ada@example.com"))!;
    expect(eml).toMatch(/^Subject: /m);
    expect(eml).toContain('From: "Acme <Signals>" <noreply@localhost>');
    expect(eml).toContain("Content-Type: text/plain");
    expect(eml).toContain("Content-Type: text/html");
    expect(eml).toContain("Your deposit of $25.50 USDT (TRC-20) arrived.");
    // The brand is escaped in HTML.
    expect(eml).toContain("Acme &lt;Signals&gt;");
  });

  it("hands claimed messages back when its run has no time left", async () => {
    const db = database().db;
    const m = await createMember(db, { email: "cleo@example.com" });
    await enqueueNotification({
      tx: db,
      userId: m.id,
      kind: "renewal_failed",
      payload: { plan: "VIP Signals", amount: "$78.00" },
    });
    const sent: Email[] = [];
    const capture = async (e: Email) => void sent.push(e);
    expect(await deliverNotifications({ db, send: capture, runBudgetMs: -1 })).toEqual({ sent: 0, failed: 0 });
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, m.id));
    expect(row).toMatchObject({ emailSentAt: null, emailAttempts: 0 });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await deliverNotifications({ db, send: capture })).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((e) => e.to)).toEqual(["cleo@example.com"]);
  });

  it("retries a failed send later with back-off and records the error", async () => {
    const db = database().db;
    const m = await createMember(db, { email: "bob@example.com" });
    await enqueueNotification({
      tx: db,
      userId: m.id,
      kind: "renewal_failed",
      payload: { plan: "VIP Signals", amount: "$78.00" },
    });
    const failing = async () => {
      throw new Error("SMTP down");
    };
    expect(await deliverNotifications({ db, send: failing })).toEqual({ sent: 0, failed: 1 });
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, m.id));
    expect(row).toMatchObject({ emailSentAt: null, emailAttempts: 1, lastError: "SMTP down" });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is retried immediately.
    const sent: Email[] = [];
    const capture = async (e: Email) => void sent.push(e);
    expect(await deliverNotifications({ db, send: capture })).toEqual({ sent: 0, failed: 0 });
    await db.execute(sql`update notifications set next_attempt_at = now() where user_id = ${m.id}`);
    expect(await deliverNotifications({ db, send: capture })).toEqual({ sent: 1, failed: 0 });
    expect(sent[0]).toMatchObject({
      to: "bob@example.com",
      subject: "Renewal failed: your subscription has ended — Acme <Signals>",
    });
    expect(sent[0]!.text).toContain("VIP Signals");
  });

  it("is delivered only if the queuing transaction commits", async () => {
    const db = database().db;
    const m = await createMember(db);
    const failure = new Error("purchase failed");
    await expect(
      db.transaction(async (tx) => {
        await enqueueNotification({ tx, userId: m.id, kind: "purchase_confirmed", payload: {} });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await db.select().from(notifications).where(eq(notifications.userId, m.id))).toHaveLength(0);
  });
});
