import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { readFlashToast } from "~/lib/http/cookies";
import { session } from "#server/db/schema";
import { requireStaff, requireStaffPermission } from "#server/http/staff-guard";
import { keepStaffSession, STAFF_IDLE_HOURS } from "#server/staff/keep-staff-session";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-guard-rules");

const ORIGIN = "http://localhost";
const HOUR = 3_600_000;
const request = (path: string, cookie = "") => new Request(`${ORIGIN}${path}`, { headers: { cookie } });

type Refusal = { status: number; location: string | null; toast?: ReturnType<typeof readFlashToast>; body?: unknown };

/** What the guard threw: a redirect (with the toast its cookie carries) or a `data(…, { status })`. */
async function refusal(guard: Promise<unknown>): Promise<Refusal> {
  try {
    await guard;
  } catch (thrown) {
    if (thrown instanceof Response) {
      const cookie = thrown.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return { status: thrown.status, location: thrown.headers.get("location"), toast: readFlashToast(cookie) };
    }
    const shaped = thrown as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (shaped?.type === "DataWithResponseInit")
      return { status: shaped.init?.status ?? 200, location: null, body: shaped.data };
    throw thrown;
  }
  throw new Error("the guard let the request through");
}

/*
 * The guard's answers to each kind of caller, asked directly rather than through a
 * page, so each answer's exact redirect, toast and body are pinned.
 */
describeEachDatabase("the back office's guard, answer by answer", (database) => {
  const db = () => database().db;
  const openSession = async (userId: string, updatedAt: Date) => {
    const id = crypto.randomUUID();
    await db()
      .insert(session)
      .values({
        id,
        userId,
        token: crypto.randomUUID(),
        expiresAt: new Date(updatedAt.getTime() + 86_400_000),
        updatedAt,
      });
    return id;
  };
  const updatedAtOf = async (id: string) =>
    (
      await db().select({ updatedAt: session.updatedAt }).from(session).where(eq(session.id, id))
    )[0]?.updatedAt.toISOString();

  useProcessDatabase(database);

  it("sends a visitor to sign in and back to the very page, query included, without a toast", async () => {
    expect(await refusal(requireStaff(request("/admin/audit-log?page=2&actor=x")))).toEqual({
      status: 302,
      location: "/signin?redirectTo=%2Fadmin%2Faudit-log%3Fpage%3D2%26actor%3Dx",
      toast: undefined,
    });
  });

  it("answers a member 404 'Not Found', as if there were no back office", async () => {
    const member = await signUpStaff(db(), null);
    expect(await refusal(requireStaff(request("/admin", member.cookie)))).toEqual({
      status: 404,
      location: null,
      body: "Not Found",
    });
  });

  it("sends staff without two-factor sign-in to User Info, with an error toast saying why", async () => {
    const owner = await signUpStaff(db(), "owner", { twoFactor: false });
    expect(await refusal(requireStaff(request("/admin/staff", owner.cookie)))).toEqual({
      status: 302,
      location: "/dashboard?section=user-info",
      toast: {
        title: "Two-factor sign-in required",
        description: "Turn on two-factor sign-in to open the back office.",
        type: "error",
      },
    });
    // Refused, not signed out: the session stays for the member area.
    expect(await db().select().from(session).where(eq(session.userId, owner.userId))).toHaveLength(1);
  });

  it("ends a staff session unused for more than 12 hours and sends the person to sign in again, with a toast", async () => {
    const admin = await signUpStaff(db(), "admin");
    await db()
      .update(session)
      .set({ updatedAt: new Date(Date.now() - 13 * HOUR) })
      .where(eq(session.userId, admin.userId));
    expect(await refusal(requireStaff(request("/admin/posts", admin.cookie)))).toEqual({
      status: 302,
      location: "/signin?redirectTo=%2Fadmin%2Fposts",
      toast: {
        title: "Signed out",
        description: "Your back-office session ended after 12 hours without use. Please sign in again.",
        type: "error",
      },
    });
    expect(await db().select().from(session).where(eq(session.userId, admin.userId))).toEqual([]);
  });

  it("lets staff in: who they are, and the actor their audit rows name", async () => {
    const editor = await signUpStaff(db(), "editor");
    const { staff, actor, headers } = await requireStaff(request("/admin", editor.cookie));
    expect(staff).toEqual({ userId: editor.userId, email: editor.email, name: "Sam Staff", role: "editor" });
    expect(actor).toEqual({ userId: editor.userId, label: editor.email, role: "editor" });
    expect(headers).toBeInstanceOf(Headers);
  });

  it("requireStaffPermission: the role's permission lets staff in; without it, the same 404 a member gets", async () => {
    const support = await signUpStaff(db(), "support");
    expect((await requireStaffPermission(request("/admin", support.cookie), "members.read")).staff.role).toBe(
      "support",
    );
    expect(await refusal(requireStaffPermission(request("/admin/plans", support.cookie), "money.read"))).toEqual({
      status: 404,
      location: null,
      body: "Not Found",
    });
    const owner = await signUpStaff(db(), "owner");
    expect((await requireStaffPermission(request("/admin/staff", owner.cookie), "staff.write")).actor).toEqual({
      userId: owner.userId,
      label: owner.email,
      role: "owner",
    });
  });

  it("keeps a session idle exactly 12 hours and ends it one millisecond later", async () => {
    expect(STAFF_IDLE_HOURS).toBe(12);
    const m = await createMember(db());
    const last = new Date("2026-11-23T00:00:00.000Z");
    const kept = await openSession(m.id, last);
    expect(
      await keepStaffSession({
        db: db(),
        sessionId: kept,
        lastActiveAt: last,
        now: new Date("2026-11-23T12:00:00.000Z"),
      }),
    ).toBe("active");
    expect(await updatedAtOf(kept)).toBe("2026-11-23T12:00:00.000Z");
    const ended = await openSession(m.id, last);
    expect(
      await keepStaffSession({
        db: db(),
        sessionId: ended,
        lastActiveAt: last,
        now: new Date("2026-11-23T12:00:00.001Z"),
      }),
    ).toBe("ended");
    expect(await updatedAtOf(ended)).toBeUndefined();
    // Only the idle session ends: the person's other session stays.
    expect(await updatedAtOf(kept)).toBe("2026-11-23T12:00:00.000Z");
  });

  it("marks a session active at most once a minute: 60 s idle writes nothing, 60.001 s does", async () => {
    const m = await createMember(db());
    const last = new Date("2026-11-23T08:00:00.000Z");
    const id = await openSession(m.id, last);
    expect(
      await keepStaffSession({
        db: db(),
        sessionId: id,
        lastActiveAt: last,
        now: new Date("2026-11-23T08:01:00.000Z"),
      }),
    ).toBe("active");
    expect(await updatedAtOf(id)).toBe("2026-11-23T08:00:00.000Z");
    expect(
      await keepStaffSession({
        db: db(),
        sessionId: id,
        lastActiveAt: last,
        now: new Date("2026-11-23T08:01:00.001Z"),
      }),
    ).toBe("active");
    expect(await updatedAtOf(id)).toBe("2026-11-23T08:01:00.001Z");
  });
});
