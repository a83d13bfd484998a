import { describe, expect, it } from "vitest";
import type { staffInvitations } from "../../../db/schema";
import { invitationState, notOpenError } from "./find-staff-invitation";

type Row = typeof staffInvitations.$inferSelect;
const expiresAt = new Date("2026-11-23T12:00:00.000Z");
const row = (changes: Partial<Row> = {}): Row => ({
  id: 1,
  email: "ada@example.com",
  role: "editor",
  tokenHash: "0".repeat(64),
  invitedBy: null,
  invitedByLabel: "owner@example.com",
  createdAt: new Date("2026-11-20T12:00:00.000Z"),
  sentAt: new Date("2026-11-20T12:00:00.000Z"),
  expiresAt,
  acceptedAt: null,
  acceptedBy: null,
  revokedAt: null,
  ...changes,
});
const before = new Date("2026-11-23T11:59:59.999Z");
const after = new Date("2026-11-24T00:00:00.000Z");

describe("an invitation's state", () => {
  it("is open until one millisecond before it expires, expired from the very millisecond", () => {
    expect(invitationState(row(), before)).toBe("open");
    expect(invitationState(row(), expiresAt)).toBe("expired");
  });

  it("says used or revoked before expired, so the page tells what happened", () => {
    expect(invitationState(row({ acceptedAt: before }), after)).toBe("used");
    expect(invitationState(row({ revokedAt: before }), after)).toBe("revoked");
    expect(invitationState(row({ acceptedAt: before }), before)).toBe("used");
    expect(invitationState(row({ revokedAt: before }), before)).toBe("revoked");
    expect(invitationState(row({ acceptedAt: before, revokedAt: before }), before)).toBe("used");
  });

  it("is unknown without a row, or for a row whose role is not a staff role", () => {
    expect(invitationState(undefined, before)).toBe("unknown");
    expect(invitationState(row({ role: "user" }), before)).toBe("unknown");
  });
});

describe("the refusal of a link that is not open", () => {
  it("is 404 for an unknown link and 409 otherwise, with the page's words and the state", () => {
    expect(notOpenError("unknown")).toMatchObject({
      code: "NOT_FOUND",
      message: "This invitation link is not valid. Ask the owner who invited you for a new one.",
      details: { state: "unknown" },
    });
    expect(notOpenError("expired")).toMatchObject({
      code: "CONFLICT",
      message: "This invitation has expired (links work for 72 hours). Ask the owner who invited you to send it again.",
      details: { state: "expired" },
    });
    expect(notOpenError("used")).toMatchObject({
      code: "CONFLICT",
      message: "This invitation has already been used. Sign in to open the back office.",
      details: { state: "used" },
    });
    expect(notOpenError("revoked")).toMatchObject({
      code: "CONFLICT",
      message: "This invitation was withdrawn. Ask an owner if you should still join.",
      details: { state: "revoked" },
    });
  });
});
