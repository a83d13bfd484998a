import { describe, expect, it } from "vitest";
import { staffRoles } from "./staff-access-control.ts";

// The admin plugin's roles must say exactly what app/lib/staff-roles.ts says (written out here).
describe("the staff roles given to Better Auth's admin plugin", () => {
  it("grant each role exactly its permissions, grouped by resource", () => {
    expect(staffRoles.editor.statements).toEqual({
      overview: ["read"],
      content: ["read", "write"],
      newsletter: ["read", "write"],
    });
    expect(staffRoles.support.statements).toEqual({
      overview: ["read"],
      members: ["read", "assist"],
      inbox: ["read", "reply"],
      telegram: ["fix"],
    });
    expect(staffRoles.admin.statements).toEqual({
      overview: ["read"],
      members: ["read", "assist", "write"],
      money: ["read", "write"],
      inbox: ["read", "reply"],
      content: ["read", "write"],
      prices: ["write"],
      newsletter: ["read", "write"],
      audit: ["read"],
      telegram: ["fix", "channel"],
      broadcasts: ["send"],
    });
    expect(staffRoles.owner.statements).toMatchObject({ staff: ["read", "write"] });
  });

  it("allow what the role may do and refuse the rest", () => {
    expect(staffRoles.support.authorize({ members: ["read"], inbox: ["reply"] }).success).toBe(true);
    expect(staffRoles.support.authorize({ members: ["write"] }).success).toBe(false);
    expect(staffRoles.admin.authorize({ staff: ["write"] }).success).toBe(false);
    expect(staffRoles.owner.authorize({ staff: ["write"] }).success).toBe(true);
  });
});
