import crypto from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgError } from "#server/db/db-errors";
import { auditLog, session, user } from "#server/db/schema";
import { opsRouter } from "#server/ops/router";
import { keepStaffSession } from "#server/staff/keep-staff-session";
import { setStaffRole } from "#server/staff/staff/set-staff-role";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

const TOKEN = "test-ops-token-0123456789abcdef";
const operator = { userId: null, label: "cli:alice@db-host", role: "operator" };

describeEachDatabase("staff roles and the audit log", (database) => {
  const db = () => database().db;
  const verifiedMember = async () => {
    const m = await createMember(db());
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, m.id));
    return m;
  };
  const roleOf = async (id: string) =>
    (await db().select({ role: user.role }).from(user).where(eq(user.id, id)))[0]!.role;
  const auditOf = async (id: string) =>
    db().select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.id);
  const openSession = async (userId: string, updatedAt = new Date()) => {
    const id = crypto.randomUUID();
    await db()
      .insert(session)
      .values({ id, userId, token: crypto.randomUUID(), expiresAt: new Date(Date.now() + 86_400_000), updatedAt });
    return id;
  };

  it("gives a verified account a role, ends its sessions, and writes one audit row", async () => {
    const m = await verifiedMember();
    await openSession(m.id);
    const result = await setStaffRole({ db: db(), email: m.email.toUpperCase(), role: "editor", actor: operator });
    expect(result).toEqual({ userId: m.id, email: m.email, role: "editor", changed: true });
    expect(await roleOf(m.id)).toBe("editor");
    expect(await db().select().from(session).where(eq(session.userId, m.id))).toEqual([]);
    const rows = await auditOf(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: null,
      actorLabel: "cli:alice@db-host",
      actorRole: "operator",
      action: "staff.role_set",
      targetType: "user",
      summary: `${m.email}: no role → Editor`,
      before: { role: null },
      after: { role: "editor" },
    });
    // The same role again changes nothing and writes nothing.
    expect((await setStaffRole({ db: db(), email: m.email, role: "editor", actor: operator })).changed).toBe(false);
    expect(await auditOf(m.id)).toHaveLength(1);
  });

  it("refuses an unknown address, an unverified one, and an unknown role — writing nothing", async () => {
    await expect(
      setStaffRole({ db: db(), email: "nobody@example.com", role: "owner", actor: operator }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "No account uses this email address. The person signs up first (or is invited from /admin).",
    });
    const unverified = await createMember(db());
    await expect(
      setStaffRole({ db: db(), email: unverified.email, role: "owner", actor: operator }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "Staff roles need a verified email address: the person confirms the address from the verification email first.",
    });
    const m = await verifiedMember();
    await expect(
      setStaffRole({ db: db(), email: m.email, role: "root" as never, actor: operator }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    expect(await roleOf(unverified.id)).toBeNull();
    expect(await roleOf(m.id)).toBeNull();
    expect(await auditOf(unverified.id)).toEqual([]);
  });

  it("never demotes the last owner; with two owners one may step down", async () => {
    await db().update(user).set({ role: "user" }).where(eq(user.role, "owner"));
    const first = await verifiedMember();
    const second = await verifiedMember();
    await setStaffRole({ db: db(), email: first.email, role: "owner", actor: operator });
    const lastOwner = "The last owner cannot be removed or demoted: make another owner first.";
    await expect(setStaffRole({ db: db(), email: first.email, role: "admin", actor: operator })).rejects.toMatchObject({
      code: "CONFLICT",
      message: lastOwner,
    });
    await expect(setStaffRole({ db: db(), email: first.email, role: null, actor: operator })).rejects.toMatchObject({
      message: lastOwner,
    });
    await setStaffRole({ db: db(), email: second.email, role: "owner", actor: operator });
    await setStaffRole({ db: db(), email: first.email, role: null, actor: operator });
    expect(await roleOf(first.id)).toBe("user");
  });

  it("keeps the audit log append-only in the database", async () => {
    const m = await verifiedMember();
    await setStaffRole({ db: db(), email: m.email, role: "support", actor: operator });
    const [row] = await auditOf(m.id);
    // Drizzle wraps the database's error: its cause carries PostgreSQL's code and message.
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => ({ code: "none", message: "accepted" }),
        (error: unknown) => ({
          code: pgError(error).code,
          message: String((error as { cause?: { message?: string } }).cause?.message),
        }),
      );
    expect(await refusal(db().execute(sql`update audit_log set summary = 'edited' where id = ${row!.id}`))).toEqual({
      code: "23000",
      message: `audit_log is append-only: UPDATE of row ${row!.id} refused`,
    });
    expect(await refusal(db().execute(sql`delete from audit_log where id = ${row!.id}`))).toEqual({
      code: "23000",
      message: `audit_log is append-only: DELETE of row ${row!.id} refused`,
    });
    expect((await auditOf(m.id))[0]!.summary).toBe(row!.summary);
  });

  it("ends a staff session idle for more than 12 hours, and marks a used one active", async () => {
    const m = await verifiedMember();
    const now = new Date("2026-11-23T12:00:00Z");
    const idle = await openSession(m.id, new Date("2026-11-22T23:59:00Z"));
    expect(
      await keepStaffSession({ db: db(), sessionId: idle, lastActiveAt: new Date("2026-11-22T23:59:00Z"), now }),
    ).toBe("ended");
    expect(await db().select().from(session).where(eq(session.id, idle))).toEqual([]);
    const used = await openSession(m.id, new Date("2026-11-23T00:01:00Z"));
    expect(
      await keepStaffSession({ db: db(), sessionId: used, lastActiveAt: new Date("2026-11-23T00:01:00Z"), now }),
    ).toBe("active");
    const [row] = await db().select().from(session).where(eq(session.id, used));
    expect(row!.updatedAt.toISOString()).toBe(now.toISOString());
  });

  describe("the ops command's API", () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      const app = express().use(
        "/api/ops",
        opsRouter(() => TOKEN, { getDb: () => database().db, actor: "cli:bob@host" }),
      );
      server = await new Promise<Server>((resolve) => {
        const started = app.listen(0, "127.0.0.1", () => resolve(started));
      });
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ops/staff`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    const post = async (body: unknown, token = TOKEN) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    it("makes an owner, recorded as the command line's operator; refuses bad input and a missing token", async () => {
      const m = await verifiedMember();
      expect(await post({ email: m.email, role: "owner" })).toEqual({
        status: 200,
        body: { userId: m.id, email: m.email, role: "owner", changed: true },
      });
      expect((await auditOf(m.id))[0]).toMatchObject({ actorLabel: "cli:bob@host", actorRole: "operator" });
      expect(await post({ email: m.email, role: "superuser" })).toEqual({
        status: 400,
        body: { error: "role must be owner, admin, editor or support" },
      });
      expect((await post({ email: "ghost@example.com", role: "admin" })).status).toBe(404);
      expect((await post({ email: m.email, role: "admin" }, "wrong-token")).status).toBe(401);
    });
  });
});
