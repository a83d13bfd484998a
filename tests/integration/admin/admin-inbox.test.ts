import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import type { InboxFilter } from "~/lib/validation/admin/inbox";
import type { InboxAssignee, InboxMessage, InboxPage } from "~/lib/view-types/admin/inbox";
import type { TargetHistory } from "~/lib/view-types/admin/shared";
import { loader as layoutLoader } from "~/routes/admin/admin";
import { loader as listLoader } from "~/routes/admin/inbox/admin.inbox";
import { action, loader as messageLoader } from "~/routes/admin/inbox/admin.inbox.$messageId";
import { loader as memberLoader } from "~/routes/admin/members/admin.members.$memberId";
import { auditLog, contactSubmissions, contactThreadEntries } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-inbox");

const MINUTE = 60_000;
type Staff = { cookie: string; userId: string; email: string };

describeEachDatabase("the back office's support inbox", (database) => {
  const db = () => database().db;
  let support: Staff;
  let admin: Staff;
  let editor: Staff;

  async function message(values: Partial<typeof contactSubmissions.$inferInsert> & { email: string }, minutesAgo = 0) {
    const at = new Date(Date.now() - minutesAgo * MINUTE);
    const [row] = await db()
      .insert(contactSubmissions)
      .values({ name: "Ada", message: "Hello", createdAt: at, updatedAt: at, ...values })
      .returning();
    return row!;
  }

  const list = async (query = "", who: Staff = support) =>
    (await callLoader(listLoader, { path: `/admin/inbox${query}`, cookie: who.cookie })).data as {
      filter: InboxFilter;
      page: InboxPage;
    };
  const open = async (id: number, who: Staff = support) =>
    (
      await callLoader(messageLoader, {
        path: `/admin/inbox/${id}`,
        params: { messageId: String(id) },
        cookie: who.cookie,
      })
    ).data as { message: InboxMessage; assignees: InboxAssignee[]; history: TargetHistory; canReply: boolean };
  const post = (id: number, form: Record<string, string>, who: Staff = support) =>
    callAction(action, { path: `/admin/inbox/${id}`, params: { messageId: String(id) }, cookie: who.cookie, form });
  const audit = (id: number) =>
    db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)))
      .orderBy(asc(auditLog.id))
      .then((rows) => rows.filter((r) => r.targetType === "contact_message"));

  useProcessDatabase(database);
  beforeAll(async () => {
    support = await signUpStaff(db(), "support");
    admin = await signUpStaff(db(), "admin");
    editor = await signUpStaff(db(), "editor");
  });
  beforeEach(async () => {
    await db().delete(contactSubmissions);
  });

  it("lists every message newest first, not closed by default; filters by status and assignment, searches sender and text (wildcards literal), in pages of 30", async () => {
    await message({ email: "old@example.com", name: "Olga", status: "closed", message: "Refund please" }, 50);
    await message({ email: "grace@example.com", name: "Grace", status: "open", assignedTo: support.userId }, 40);
    await message({ email: "alan@example.com", name: "Alan", message: "Is 100% of the plan refundable?" }, 30);
    await message({ email: "linus@example.com", name: "Linus", status: "answered", assignedTo: admin.userId }, 20);

    const active = (await list()).page;
    expect(active.rows.map((r) => r.email)).toEqual(["linus@example.com", "alan@example.com", "grace@example.com"]);
    expect(active.rows[2]).toMatchObject({ status: "open", assignee: support.email });
    expect((await list("?status=all")).page.total).toBe(4);
    expect((await list("?status=closed")).page.rows.map((r) => r.name)).toEqual(["Olga"]);
    expect((await list("?assigned=mine")).page.rows.map((r) => r.name)).toEqual(["Grace"]);
    expect((await list("?assigned=mine", admin)).page.rows.map((r) => r.name)).toEqual(["Linus"]);
    expect((await list("?assigned=unassigned")).page.rows.map((r) => r.name)).toEqual(["Alan"]);
    // Email, name and text, any case; "%" is a character, not LIKE's wildcard.
    expect((await list("?q=GRACE@")).page.rows.map((r) => r.name)).toEqual(["Grace"]);
    expect((await list("?q=linus")).page.rows.map((r) => r.name)).toEqual(["Linus"]);
    expect((await list("?q=100%25")).page.rows.map((r) => r.name)).toEqual(["Alan"]);
    expect((await list("?q=refund&status=all")).page.rows.map((r) => r.name)).toEqual(["Alan", "Olga"]);
    expect((await list("?q=refund")).page.rows.map((r) => r.name)).toEqual(["Alan"]);
    // A bad value shows the default, never an error.
    const lenient = await list("?status=nonsense&assigned=else&page=-2");
    expect(lenient.filter).toEqual({ q: "", status: "active", assigned: "anyone", page: 1 });

    for (let i = 0; i < 31; i++) await message({ email: `bulk${i}@example.com`, name: "Bulk" }, 10 - i / 100);
    const first = (await list("?q=bulk")).page;
    expect(first).toMatchObject({ total: 31, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(30);
    expect((await list("?q=bulk&page=2")).page.rows.map((r) => r.email)).toEqual(["bulk0@example.com"]);
    expect((await list("?q=bulk&page=9")).page.page).toBe(2);
  });

  it("counts new messages in the sidebar's badge for those who may read the inbox; editors have no Inbox", async () => {
    await message({ email: "a@example.com" });
    await message({ email: "b@example.com" });
    await message({ email: "c@example.com", status: "open" });
    const sections = async (who: Staff) =>
      (
        (await callLoader(layoutLoader, { path: "/admin", cookie: who.cookie })).data as {
          sections: { key: string; badge?: { count: number; label: string } }[];
        }
      ).sections;
    expect((await sections(support)).find((s) => s.key === "inbox")?.badge).toEqual({
      count: 2,
      label: "new messages",
    });
    expect((await sections(editor)).some((s) => s.key === "inbox")).toBe(false);
    const refused = await callLoader(listLoader, { path: "/admin/inbox", cookie: editor.cookie });
    expect(refused.status).toBe(404);
  });

  it("shows the sender's whole thread: the same email in any case or the same member, staff replies and internal notes, in time order", async () => {
    const member = await createMember(db(), { email: "member@example.com" });
    const first = await message({ email: "Member@Example.com", message: "First" }, 30);
    const other = await message({ email: "stranger@example.com", message: "Not theirs" }, 25);
    const fromAccount = await message(
      { email: "another@example.com", userId: member.id, message: "From the account" },
      20,
    );
    const current = await message({ email: "member@example.com", userId: member.id, message: "Latest" }, 10);
    await db()
      .insert(contactThreadEntries)
      .values([
        {
          submissionId: first.id,
          kind: "reply",
          authorLabel: "s@example.com",
          body: "Answer",
          createdAt: new Date(Date.now() - 28 * MINUTE),
          emailSentAt: new Date(),
        },
        {
          submissionId: first.id,
          kind: "note",
          authorLabel: "s@example.com",
          body: "Call them",
          createdAt: new Date(Date.now() - 27 * MINUTE),
        },
        {
          submissionId: other.id,
          kind: "note",
          authorLabel: "s@example.com",
          body: "Other thread",
          createdAt: new Date(),
        },
      ]);
    const { message: view } = await open(current.id);
    expect(view.memberId).toBe(member.id);
    expect(view.thread.map((item) => [item.kind, item.body])).toEqual([
      ["message", "First"],
      ["reply", "Answer"],
      ["note", "Call them"],
      ["message", "From the account"],
      ["message", "Latest"],
    ]);
    expect(view.thread.filter((i) => i.kind === "message" && i.current).map((i) => i.id)).toEqual([current.id]);
    expect(view.thread[1]).toMatchObject({ kind: "reply", delivery: "sent" });
    // A member's message gathers what they sent signed in and what came from their account's address.
    expect((await open(fromAccount.id)).message.thread.map((i) => i.body)).toEqual([
      "First",
      "Answer",
      "Call them",
      "From the account",
      "Latest",
    ]);
    // A visitor's message is joined by its address only: another@ sent nothing else unsigned.
    const visitor = await message({ email: "ANOTHER@example.com", message: "Unsigned" }, 5);
    expect((await open(visitor.id)).message.thread.map((i) => i.body)).toEqual(["From the account", "Unsigned"]);
    // The member's page lists what they sent, signed in or from their address, newest first.
    const memberPage = await callLoader(memberLoader, {
      path: `/admin/members/${member.id}`,
      params: { memberId: member.id },
      cookie: support.cookie,
    });
    expect((memberPage.data.messages as { id: number; excerpt: string }[]).map((m) => m.excerpt)).toEqual([
      "Latest",
      "From the account",
      "First",
    ]);
    const stranger = await open(other.id);
    expect(stranger.message.thread.map((i) => i.body)).toEqual(["Not theirs", "Other thread"]);
    const missing = await callLoader(messageLoader, {
      path: "/admin/inbox/999999",
      params: { messageId: "999999" },
      cookie: support.cookie,
    });
    expect(missing.status).toBe(404);
    const junk = await callLoader(messageLoader, {
      path: "/admin/inbox/1e3",
      params: { messageId: "1e3" },
      cookie: support.cookie,
    });
    expect(junk.status).toBe(404);
  });

  it("a new message becomes open when staff open it (the page's post, audited); one already moved keeps its status; reading it writes nothing", async () => {
    const row = await message({ email: "fresh@example.com" });
    // The page itself (GET) changes nothing.
    expect((await open(row.id)).message.status).toBe("new");
    expect(await audit(row.id)).toEqual([]);
    expect((await post(row.id, { intent: "open" })).data).toEqual({ ok: true, message: "Marked open." });
    expect((await open(row.id)).message.status).toBe("open");
    const rows = await audit(row.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "inbox.status_changed",
      actorLabel: support.email,
      before: { status: "new" },
      after: { status: "open" },
    });
    // A second tab opening it, or a message someone closed meanwhile: nothing moves, nothing audited.
    expect((await post(row.id, { intent: "open" })).data).toEqual({ ok: true, message: "It was already taken up." });
    const closed = await message({ email: "closed@example.com", status: "closed" });
    await post(closed.id, { intent: "open" });
    expect((await open(closed.id)).message.status).toBe("closed");
    expect(await audit(row.id)).toHaveLength(1);
    expect(await audit(closed.id)).toEqual([]);
  });

  it("shows the sender's newest 100 messages with the count of all, and 100 older at a time on ?messages=", async () => {
    const at = (i: number) => new Date(Date.now() - (300 - i) * MINUTE);
    const rows = await db()
      .insert(contactSubmissions)
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          name: "Busy",
          email: "busy@example.com",
          message: `Message ${i}`,
          createdAt: at(i),
          updatedAt: at(i),
        })),
      )
      .returning({ id: contactSubmissions.id });
    const newest = rows.at(-1)!.id;
    const first = (await open(newest)).message;
    expect(first.threadMessages).toEqual({ shown: 100, total: 150 });
    expect(first.thread[0]!.body).toBe("Message 50");
    const more = (
      await callLoader(messageLoader, {
        path: `/admin/inbox/${newest}?messages=200`,
        params: { messageId: String(newest) },
        cookie: support.cookie,
      })
    ).data as { message: InboxMessage };
    expect(more.message.threadMessages).toEqual({ shown: 150, total: 150 });
    expect(more.message.thread.map((i) => i.body)).toEqual(Array.from({ length: 150 }, (_, i) => `Message ${i}`));
    // The oldest message's own page shows it in its thread, beside the newest 100, and counts it once.
    const oldest = (await open(rows[0]!.id)).message;
    expect(oldest.threadMessages).toEqual({ shown: 101, total: 150 });
    expect(oldest.thread.filter((i) => i.kind === "message" && i.current).map((i) => i.body)).toEqual(["Message 0"]);
  });

  it("changes status, assigns to inbox staff only, adds notes and replies: each audited with before and after, and shown in the message's history", async () => {
    const row = await message({ email: "ada@example.com" });
    const { assignees } = await open(row.id);
    expect(assignees.map((a) => a.label)).toEqual(expect.arrayContaining([support.email, admin.email]));
    expect(assignees.map((a) => a.label)).not.toContain(editor.email);

    expect((await post(row.id, { intent: "status", status: "open" })).data).toEqual({
      ok: true,
      message: "Marked open.",
    });
    expect((await post(row.id, { intent: "status", status: "open" })).data.message).toBe("It was already open.");
    expect((await post(row.id, { intent: "assign", assignee: admin.userId })).data.message).toBe(
      `Assigned to ${admin.email}.`,
    );
    expect((await post(row.id, { intent: "assign", assignee: "" })).data.message).toBe("Assigned to nobody.");
    expect((await post(row.id, { intent: "note", body: "  Checked the payment  " })).data.ok).toBe(true);

    const rows = await audit(row.id);
    expect(rows.map((r) => [r.action, r.before, r.after, r.actorLabel])).toEqual([
      ["inbox.status_changed", { status: "new" }, { status: "open" }, support.email],
      ["inbox.assigned", { assignedTo: null }, { assignedTo: admin.email }, support.email],
      ["inbox.assigned", { assignedTo: admin.email }, { assignedTo: null }, support.email],
      ["inbox.note_added", null, { note: "Checked the payment" }, support.email],
    ]);
    const view = await open(row.id);
    expect(view.message).toMatchObject({ status: "open", assignedTo: null });
    expect(view.message.thread.at(-1)).toMatchObject({
      kind: "note",
      body: "Checked the payment",
      author: support.email,
    });
    expect(view.history.target).toBe(`contact_message:${row.id}`);
    expect(view.history.entries.map((e) => e.action)).toEqual([
      "inbox.note_added",
      "inbox.assigned",
      "inbox.assigned",
      "inbox.status_changed",
    ]);
  });

  it("refuses bad input with a clear 4xx and writes nothing", async () => {
    const row = await message({ email: "ada@example.com" });
    const refusals = [
      [{ intent: "status", status: "deleted" }, 400, "Choose a status."],
      [{ intent: "assign", assignee: editor.userId }, 400, "Choose a staff member who can read the inbox."],
      [{ intent: "assign", assignee: "no-such-user" }, 400, "Choose a staff member who can read the inbox."],
      [{ intent: "note", body: "   " }, 400, "Note is required"],
      [{ intent: "reply", body: "x".repeat(5001) }, 400, "Reply must be less than 5000 characters"],
      [{ intent: "delete" }, 400, "Unknown action."],
    ] as const;
    for (const [form, status, error] of refusals) {
      const answer = await post(row.id, form as unknown as Record<string, string>);
      expect(answer.status, JSON.stringify(form)).toBe(status);
      expect(answer.data.error).toBe(error);
    }
    const gone = await post(999_999, { intent: "note", body: "Hi" });
    expect(gone).toMatchObject({ status: 404, data: { ok: false, error: "That message no longer exists." } });
    expect(await audit(row.id)).toEqual([]);
    expect(await db().select().from(contactThreadEntries).where(eq(contactThreadEntries.submissionId, row.id))).toEqual(
      [],
    );
    expect((await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, row.id)))[0]).toMatchObject({
      status: "new",
      assignedTo: null,
    });
    // Editors may not change the inbox: 404, like a page they cannot see.
    expect((await post(row.id, { intent: "note", body: "Hi" }, editor)).status).toBe(404);
  });
});
