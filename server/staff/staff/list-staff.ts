import { sql } from "drizzle-orm";
import { isStaffRole, STAFF_ROLES } from "~/lib/staff-roles";
import type { StaffListEntry } from "~/lib/view-types/admin/staff";
import type { DbOrTx } from "../../db/client.ts";

/** Everyone with a staff role, owners first, then by email. */
export async function listStaff(options: { db: DbOrTx }): Promise<StaffListEntry[]> {
  const rows = await options.db.execute<{
    id: string;
    email: string;
    name: string;
    role: string;
    two_factor_enabled: boolean;
    last_active: string | null;
  }>(sql`
    select u.id, u.email, u.name, u.role, u.two_factor_enabled,
           (select max(s.updated_at) from session s where s.user_id = u.id and s.expires_at > now())::text as last_active
    from "user" u
    where u.role in (${sql.join(
      STAFF_ROLES.map((r) => sql`${r}`),
      sql`, `,
    )})
    order by array_position(array[${sql.join(
      STAFF_ROLES.map((r) => sql`${r}`),
      sql`, `,
    )}]::text[], u.role), lower(u.email)
  `);
  return rows.rows
    .filter((row) => isStaffRole(row.role))
    .map((row) => ({
      userId: row.id,
      email: row.email,
      name: row.name,
      role: row.role as StaffListEntry["role"],
      twoFactorEnabled: row.two_factor_enabled,
      lastActiveAt: row.last_active ? new Date(row.last_active).toISOString() : null,
    }));
}
