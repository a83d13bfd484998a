import { asc, inArray } from "drizzle-orm";
import { can, STAFF_ROLES } from "~/lib/staff-roles";
import type { InboxAssignee } from "~/lib/view-types/admin/inbox";
import type { DbOrTx } from "../../db/client.ts";
import { user } from "../../db/schema.ts";

/** The roles that may read the inbox: only their holders can be given a message. */
export const INBOX_ROLES = STAFF_ROLES.filter((role) => can(role, "inbox.read"));

/** Staff a message may be assigned to, by email. */
export async function listInboxAssignees(options: { db: DbOrTx }): Promise<InboxAssignee[]> {
  const rows = await options.db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(inArray(user.role, [...INBOX_ROLES]))
    .orderBy(asc(user.email));
  return rows.map((row) => ({ id: row.id, label: row.email }));
}
