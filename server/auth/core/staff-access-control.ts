import { createAccessControl } from "better-auth/plugins/access";
import { ROLE_PERMISSIONS, STAFF_ROLES, STAFF_STATEMENTS, type StaffRole } from "~/lib/staff-roles";

/**
 * The staff roles as Better Auth access-control roles (its admin plugin), built from the one
 * table in app/lib/staff-roles.ts so the plugin and our own checks never disagree.
 */
export const staffAccessControl = createAccessControl(STAFF_STATEMENTS);

type RoleStatements = { [resource: string]: string[] };

function statementsOf(role: StaffRole): RoleStatements {
  const out: RoleStatements = {};
  for (const permission of ROLE_PERMISSIONS[role]) {
    const [resource, action] = permission.split(".") as [string, string];
    (out[resource] ??= []).push(action);
  }
  return out;
}

export const staffRoles = Object.fromEntries(
  STAFF_ROLES.map((role) => [
    role,
    staffAccessControl.newRole(statementsOf(role) as Parameters<typeof staffAccessControl.newRole>[0]),
  ]),
) as Record<StaffRole, ReturnType<typeof staffAccessControl.newRole>>;
