import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { StaffRole } from "~/lib/staff-roles";
import { loader as adminLoader } from "~/routes/admin/admin";
import { loader as auditLoader } from "~/routes/admin/audit-log/admin.audit-log";
import { loader as overviewLoader } from "~/routes/admin/overview/admin._index";
import { action as staffAction, loader as staffLoader } from "~/routes/admin/staff/admin.staff";
import { auditLog, user } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin");

const post = (form: Record<string, string>, cookie: string) =>
  callAction(staffAction, { path: "/admin/staff", form, cookie, clientIp: "10.0.0.9" });

describeEachDatabase("the back office's guard and first pages", (database) => {
  const db = () => database().db;
  const account = (role: StaffRole | null, options: { twoFactor?: boolean } = {}) => signUpStaff(db(), role, options);

  useProcessDatabase(database);

  it("sends visitors to sign in, answers 404 to members on every admin page, and sends staff without two-factor to set it up", async () => {
    const visitor = await callLoader(adminLoader, { path: "/admin/audit-log" });
    expect(visitor).toMatchObject({ status: 302, location: "/signin?redirectTo=%2Fadmin%2Faudit-log" });
    const member = await account(null);
    for (const [loader, path] of [
      [adminLoader, "/admin"],
      [overviewLoader, "/admin"],
      [staffLoader, "/admin/staff"],
      [auditLoader, "/admin/audit-log"],
    ] as const) {
      expect(await callLoader(loader, { path, cookie: member.cookie }), path).toMatchObject({ status: 404 });
    }
    const noFactor = await account("owner", { twoFactor: false });
    expect(await callLoader(adminLoader, { path: "/admin", cookie: noFactor.cookie })).toMatchObject({
      status: 302,
      location: "/dashboard?section=user-info",
    });
    expect(await callLoader(staffLoader, { path: "/admin/staff", cookie: noFactor.cookie })).toMatchObject({
      status: 302,
    });
  });

  it("shows each role only its sections; the others answer 404 even when asked directly", async () => {
    const owner = await account("owner");
    const editor = await account("editor");
    const support = await account("support");
    const keys = async (cookie: string) =>
      ((await callLoader(adminLoader, { path: "/admin", cookie })).data!.sections as { key: string }[]).map(
        (s) => s.key,
      );
    expect(await keys(owner.cookie)).toEqual([
      "overview",
      "members",
      "inbox",
      "posts",
      "plans",
      "results",
      "knowledgebase",
      "money",
      "coupons",
      "referrals",
      "newsletter",
      "broadcasts",
      "staff",
      "audit-log",
    ]);
    expect(await keys(editor.cookie)).toEqual(["overview", "posts", "plans", "results", "knowledgebase", "newsletter"]);
    expect(await keys(support.cookie)).toEqual(["overview", "members", "inbox"]);
    expect((await callLoader(auditLoader, { path: "/admin/audit-log", cookie: editor.cookie })).status).toBe(404);
    expect((await callLoader(staffLoader, { path: "/admin/staff", cookie: support.cookie })).status).toBe(404);
    // Money figures only for roles that may see money; content figures only for content roles.
    const ownerView = (await callLoader(overviewLoader, { path: "/admin", cookie: owner.cookie })).data!
      .overview as Record<string, unknown>;
    expect(ownerView).toHaveProperty("money");
    expect(ownerView).toHaveProperty("content");
    const supportView = (await callLoader(overviewLoader, { path: "/admin", cookie: support.cookie })).data!
      .overview as Record<string, unknown>;
    expect(supportView).not.toHaveProperty("money");
    expect(supportView).not.toHaveProperty("content");
    const editorView = (await callLoader(overviewLoader, { path: "/admin", cookie: editor.cookie })).data!
      .overview as Record<string, unknown>;
    expect(editorView).not.toHaveProperty("money");
    expect(editorView).toHaveProperty("content");
  });

  it("an owner changes roles through the action pipeline, audited under their own name; others get 404", async () => {
    const owner = await account("owner");
    const admin = await account("admin");
    const target = await account(null);
    const made = await post({ email: target.email, role: "support" }, owner.cookie);
    expect(made).toEqual({ status: 200, data: { ok: true, email: target.email, role: "support", changed: true } });
    const [row] = await db().select().from(auditLog).where(eq(auditLog.targetId, target.userId));
    expect(row).toMatchObject({
      actorUserId: owner.userId,
      actorLabel: owner.email,
      actorRole: "owner",
      action: "staff.role_set",
      ipAddress: "10.0.0.9",
    });

    expect((await post({ email: target.email, role: "owner" }, admin.cookie)).status).toBe(404);
    const bad = await post({ email: "not-an-email", role: "owner" }, owner.cookie);
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, fieldErrors: { email: "Please enter a valid email address" } });
    const none = await post({ email: target.email, role: "none" }, owner.cookie);
    expect(none.data).toMatchObject({ ok: true, role: null });
    const [after] = await db().select({ role: user.role }).from(user).where(eq(user.id, target.userId));
    expect(after!.role).toBe("user");

    const log = (await callLoader(auditLoader, { path: "/admin/audit-log", cookie: owner.cookie })).data!.log as {
      entries: { summary: string }[];
    };
    expect(log.entries[0]!.summary).toBe(`${target.email}: Support → no role`);
    expect(log.entries[1]!.summary).toBe(`${target.email}: no role → Support`);
    const staff = (await callLoader(staffLoader, { path: "/admin/staff", cookie: owner.cookie })).data!.staff as {
      email: string;
    }[];
    expect(staff.map((s) => s.email)).toContain(admin.email);
    expect(staff.map((s) => s.email)).not.toContain(target.email);
  });
});
