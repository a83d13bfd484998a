import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, session, user } from "#server/db/schema";
import { setStaffRole } from "#server/staff/staff/set-staff-role";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

const operator = { userId: null, label: "cli:ops@host", role: "operator" };

/* The rules of setStaffRole that the broader staff tests pass over. */
describeEachDatabase("staff role rules", (database) => {
  const db = () => database().db;
  const member = async (options: { verified?: boolean; role?: string } = {}) => {
    const m = await createMember(db());
    await db()
      .update(user)
      .set({ emailVerified: options.verified ?? true, role: options.role ?? null })
      .where(eq(user.id, m.id));
    return m;
  };
  const roleOf = async (id: string) =>
    (await db().select({ role: user.role }).from(user).where(eq(user.id, id)))[0]!.role;
  const auditOf = (id: string) => db().select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.id);
  const sessionsOf = (id: string) => db().select({ id: session.id }).from(session).where(eq(session.userId, id));
  const openSession = async (userId: string) => {
    await db()
      .insert(session)
      .values({
        id: crypto.randomUUID(),
        userId,
        token: crypto.randomUUID(),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
  };
  const onlyOwner = async () => {
    await db().update(user).set({ role: "user" }).where(eq(user.role, "owner"));
    return member({ role: "owner" });
  };

  it("finds the account by its address whatever the spaces and case around it", async () => {
    const m = await member();
    const result = await setStaffRole({
      db: db(),
      email: `  ${m.email.toUpperCase()}\t`,
      role: "support",
      actor: operator,
    });
    expect(result).toEqual({ userId: m.id, email: m.email, role: "support", changed: true });
    expect(await roleOf(m.id)).toBe("support");
  });

  it("names the four roles when refusing another", async () => {
    const m = await member();
    await expect(
      setStaffRole({ db: db(), email: m.email, role: "superuser" as never, actor: operator }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      message: "The role must be owner, admin, editor or support.",
    });
  });

  it("takes a role away from an account whose address is not verified (only giving one needs it)", async () => {
    const m = await member({ verified: false, role: "editor" });
    expect(await setStaffRole({ db: db(), email: m.email, role: null, actor: operator })).toEqual({
      userId: m.id,
      email: m.email,
      role: null,
      changed: true,
    });
    expect(await roleOf(m.id)).toBe("user");
    expect((await auditOf(m.id)).map((a) => [a.summary, a.before, a.after])).toEqual([
      [`${m.email}: Editor → no role`, { role: "editor" }, { role: null }],
    ]);
  });

  it("with one owner, other accounts' roles still change: only the owner's own demotion is refused", async () => {
    const owner = await onlyOwner();
    const m = await member({ role: "admin" });
    expect((await setStaffRole({ db: db(), email: m.email, role: "editor", actor: operator })).changed).toBe(true);
    expect((await setStaffRole({ db: db(), email: m.email, role: null, actor: operator })).changed).toBe(true);
    await expect(
      setStaffRole({ db: db(), email: owner.email, role: "support", actor: operator }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await roleOf(owner.id)).toBe("owner");
    expect(await auditOf(owner.id)).toEqual([]);
  });

  it("an owner steps down to admin while another owner remains: sessions end, the audit row says Owner → Admin", async () => {
    const first = await onlyOwner();
    const second = await member();
    await setStaffRole({ db: db(), email: second.email, role: "owner", actor: operator });
    await openSession(first.id);
    await openSession(first.id);
    expect(await setStaffRole({ db: db(), email: first.email, role: "admin", actor: operator })).toEqual({
      userId: first.id,
      email: first.email,
      role: "admin",
      changed: true,
    });
    expect(await sessionsOf(first.id)).toEqual([]);
    const [row] = await auditOf(first.id);
    expect(row).toMatchObject({
      action: "staff.role_set",
      targetType: "user",
      targetId: first.id,
      summary: `${first.email}: Owner → Admin`,
      before: { role: "owner" },
      after: { role: "admin" },
    });
  });

  it("asking for the role an account already has changes nothing: its sessions stay, no audit row", async () => {
    const plain = await member();
    await openSession(plain.id);
    expect(await setStaffRole({ db: db(), email: plain.email, role: null, actor: operator })).toEqual({
      userId: plain.id,
      email: plain.email,
      role: null,
      changed: false,
    });
    const editor = await member({ role: "editor" });
    await openSession(editor.id);
    expect(await setStaffRole({ db: db(), email: editor.email, role: "editor", actor: operator })).toEqual({
      userId: editor.id,
      email: editor.email,
      role: "editor",
      changed: false,
    });
    expect(await sessionsOf(plain.id)).toHaveLength(1);
    expect(await sessionsOf(editor.id)).toHaveLength(1);
    expect(await auditOf(plain.id)).toEqual([]);
    expect(await auditOf(editor.id)).toEqual([]);
  });

  it("ends only the changed account's sessions", async () => {
    const changed = await member();
    const bystander = await member();
    await openSession(changed.id);
    await openSession(bystander.id);
    await setStaffRole({ db: db(), email: changed.email, role: "editor", actor: operator });
    expect(await sessionsOf(changed.id)).toEqual([]);
    expect(await sessionsOf(bystander.id)).toHaveLength(1);
  });
});
