import { describe, expect, it } from "vitest";
import { can, isStaffRole, ROLE_LABELS, ROLE_PERMISSIONS, STAFF_ROLES, STAFF_STATEMENTS } from "./staff-roles";

describe("staff roles", () => {
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

  it("admin does everything but staff and the shop's settings", () => {
    expect(ROLE_PERMISSIONS.admin).toEqual(
      ROLE_PERMISSIONS.owner.filter((p) => !p.startsWith("staff.") && p !== "money.settings"),
    );
    expect(can("owner", "money.settings")).toBe(true);
    for (const role of ["admin", "editor", "support"] as const) expect(can(role, "money.settings"), role).toBe(false);
    expect(can("admin", "money.write")).toBe(true);
    expect(can("admin", "audit.read")).toBe(true);
  });

  it("editor: content and newsletter only — no members, money, inbox or audit", () => {
    expect(can("editor", "content.write")).toBe(true);
    expect(can("editor", "newsletter.write")).toBe(true);
    for (const p of [
      "members.read",
      "money.read",
      "inbox.read",
      "audit.read",
      "telegram.fix",
      "prices.write",
      "broadcasts.send",
    ] as const)
      expect(can("editor", p), p).toBe(false);
  });

  it("support: members read, inbox, Telegram fixes — no money, no content, no member changes", () => {
    for (const p of ["members.read", "members.assist", "inbox.read", "inbox.reply", "telegram.fix"] as const)
      expect(can("support", p), p).toBe(true);
    for (const p of [
      "members.write",
      "prices.write",
      "money.read",
      "money.write",
      "content.read",
      "content.write",
      "audit.read",
      "broadcasts.send",
    ] as const) {
      expect(can("support", p), p).toBe(false);
    }
  });
});

describe("each role's permissions, written out", () => {
  it("declares every resource and action the back office checks", () => {
    expect(STAFF_STATEMENTS).toEqual({
      overview: ["read"],
      members: ["read", "assist", "write"],
      money: ["read", "write", "settings"],
      inbox: ["read", "reply"],
      content: ["read", "write"],
      prices: ["write"],
      newsletter: ["read", "write"],
      broadcasts: ["send"],
      staff: ["read", "write"],
      audit: ["read"],
      telegram: ["fix", "channel"],
    });
  });

  it("gives each role exactly these permissions, in this order", () => {
    expect(ROLE_PERMISSIONS).toEqual({
      owner: [
        "overview.read",
        "members.read",
        "members.assist",
        "members.write",
        "money.read",
        "money.write",
        "money.settings",
        "inbox.read",
        "inbox.reply",
        "content.read",
        "content.write",
        "prices.write",
        "newsletter.read",
        "newsletter.write",
        "broadcasts.send",
        "staff.read",
        "staff.write",
        "audit.read",
        "telegram.fix",
        "telegram.channel",
      ],
      admin: [
        "overview.read",
        "members.read",
        "members.assist",
        "members.write",
        "money.read",
        "money.write",
        "inbox.read",
        "inbox.reply",
        "content.read",
        "content.write",
        "prices.write",
        "newsletter.read",
        "newsletter.write",
        "broadcasts.send",
        "audit.read",
        "telegram.fix",
        "telegram.channel",
      ],
      editor: ["overview.read", "content.read", "content.write", "newsletter.read", "newsletter.write"],
      support: ["overview.read", "members.read", "members.assist", "inbox.read", "inbox.reply", "telegram.fix"],
    });
  });

  it("answers can() from that table, allowed and refused alike", () => {
    expect(can("admin", "telegram.fix")).toBe(true);
    expect(can("admin", "telegram.channel")).toBe(true);
    expect(can("editor", "telegram.channel")).toBe(false);
    expect(can("admin", "members.write")).toBe(true);
    expect(can("editor", "overview.read")).toBe(true);
    expect(can("editor", "newsletter.read")).toBe(true);
    expect(can("editor", "members.write")).toBe(false);
    expect(can("support", "overview.read")).toBe(true);
    expect(can("support", "newsletter.read")).toBe(false);
  });

  it("labels the roles for people", () => {
    expect(ROLE_LABELS).toEqual({ owner: "Owner", admin: "Admin", editor: "Editor", support: "Support" });
  });
});
