import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as page from "~/routes/admin/members/admin.members.$memberId";
import { auditLog, memberNotes, session } from "#server/db/schema";
import { describeEachDatabase } from "../../../helpers/database";
import { withTestDataDir } from "../../../helpers/env";
import { useMemberPage } from "../../../helpers/member-page";
import { callLoader } from "../../../helpers/route-request";
import { signUpStaff } from "../../../helpers/staff";

withTestDataDir("admin-member-page-actions");

// What staff do from the member page: internal notes, and signing the member out everywhere.
describeEachDatabase("the member page's actions", (database) => {
  const db = () => database().db;
  const { people, view, post } = useMemberPage(database);

  describe("internal notes", () => {
    it("adds a note with its author, audited, shown newest first", async () => {
      const { owner, support } = people;
      const answer = await post(support, { intent: "note", body: "Called about a renewal.\nAll good." });
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ ok: true });
      await post(owner, { intent: "note", body: "Second note" });
      const v = await view();
      expect(v.notes.map((n) => [n.body, n.authorLabel])).toEqual([
        ["Second note", owner.email],
        ["Called about a renewal.\nAll good.", support.email],
      ]);
      const history = v.history.entries.filter((e) => e.action === "member.note");
      expect(history[0]).toMatchObject({
        actorLabel: owner.email,
        changes: [{ field: "Note", before: null, after: "Second note" }],
      });
    });

    it("refuses an empty note and a note for nobody, writing nothing", async () => {
      const before = await db().select().from(memberNotes);
      const empty = await post(people.support, { intent: "note", body: "   " });
      expect(empty.status).toBe(400);
      expect(empty.data).toMatchObject({ ok: false, fieldErrors: { body: "Note is required" } });
      const nobody = await post(people.support, { intent: "note", body: "x" }, "nobody");
      expect(nobody.status).toBe(404);
      expect(await db().select().from(memberNotes)).toHaveLength(before.length);
    });

    it("is not for an editor", async () => {
      const answer = await post(people.editor, { intent: "note", body: "x" });
      expect(answer.status).toBe(404);
    });
  });

  describe("sign out everywhere", () => {
    it("ends every session of the member at once, audited with the count", async () => {
      const { member } = people;
      const second = await signUpStaff(db(), null);
      // A second device of the same member: move the other account's session over.
      await db().update(session).set({ userId: member.userId }).where(eq(session.userId, second.userId));
      expect(await db().select().from(session).where(eq(session.userId, member.userId))).toHaveLength(2);
      const answer = await post(people.support, { intent: "sign-out-everywhere" });
      expect(answer.data).toMatchObject({ ok: true, revoked: 2 });
      expect(await db().select().from(session).where(eq(session.userId, member.userId))).toEqual([]);
      const [row] = await db().select().from(auditLog).where(eq(auditLog.action, "member.sign-out-everywhere"));
      expect(row).toMatchObject({
        targetType: "member",
        targetId: member.userId,
        before: { sessions: 2 },
        after: { sessions: 0 },
      });
      // The member's cookie no longer opens anything.
      const stale = await callLoader(page, {
        path: `/admin/members/${member.userId}`,
        params: { memberId: member.userId },
        cookie: member.cookie,
      });
      expect(stale.status).toBe(302);
    });
  });
});
