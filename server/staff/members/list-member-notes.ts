import { desc, eq } from "drizzle-orm";
import type { MemberNoteView } from "~/lib/view-types/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { memberNotes } from "../../db/schema.ts";

/** The staff's internal notes on a member, newest first. Never shown to the member. */
export async function listMemberNotes(options: { db: DbOrTx; memberId: string }): Promise<MemberNoteView[]> {
  const rows = await options.db
    .select()
    .from(memberNotes)
    .where(eq(memberNotes.userId, options.memberId))
    .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id));
  return rows.map((n) => ({
    id: n.id,
    authorLabel: n.authorLabel,
    body: n.body,
    createdAt: n.createdAt.toISOString(),
  }));
}
