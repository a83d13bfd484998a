import { describe, expect, it } from "vitest";
import { can, isStaffRole, ROLE_PERMISSIONS, STAFF_ROLES } from "./staff-roles";

describe("staff roles (issue #16)", () => {
  it("knows the four roles and nothing else", () => {
    expect(STAFF_ROLES).toEqual(["owner", "admin", "editor", "support"]);
    for (const role of STAFF_ROLES) expect(isStaffRole(role)).toBe(true);
    for (const other of ["user", "", "Owner", null, undefined, 1]) expect(isStaffRole(other)).toBe(false);
  });

  it("owner does everything; only the owner manages staff", () => {
    expect(can("owner", "staff.write")).toBe(true);
    expect(can("owner", "money.write")).toBe(true);
    for (const role of ["admin", "editor", "support"] as const) {
      expect(can(role, "staff.write"), role).toBe(false);
      expect(can(role, "staff.read"), role).toBe(false);
    }
  });

  it("admin does everything but staff", () => {
    expect(ROLE_PERMISSIONS.admin).toEqual(ROLE_PERMISSIONS.owner.filter((p) => !p.startsWith("staff.")));
    expect(can("admin", "money.write")).toBe(true);
    expect(can("admin", "audit.read")).toBe(true);
  });

  it("editor: content and newsletter only — no members, money, inbox or audit", () => {
    expect(can("editor", "content.write")).toBe(true);
    expect(can("editor", "newsletter.write")).toBe(true);
    for (const p of ["members.read", "money.read", "inbox.read", "audit.read", "telegram.fix"] as const) expect(can("editor", p), p).toBe(false);
  });

  it("support: members read, inbox, Telegram fixes — no money, no content, no member changes", () => {
    for (const p of ["members.read", "inbox.read", "inbox.reply", "telegram.fix"] as const) expect(can("support", p), p).toBe(true);
    for (const p of ["members.write", "money.read", "money.write", "content.read", "content.write", "audit.read"] as const) {
      expect(can("support", p), p).toBe(false);
    }
  });
});
