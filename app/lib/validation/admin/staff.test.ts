import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldErrors } from "../fields";
import { acceptInvitationSchema, inviteStaffSchema, staffPageSchema, staffRoleSchema } from "./staff";

const errorsOf = (input: unknown) => {
  const r = staffRoleSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};
const issuesOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("staffRoleSchema (give an account a role, change it or take it away)", () => {
  it("gives one of the four roles by email, or none", () => {
    for (const role of ["owner", "admin", "editor", "support"]) {
      expect(staffRoleSchema.parse({ email: " ops@example.com ", role })).toEqual({ email: "ops@example.com", role });
    }
    expect(staffRoleSchema.parse({ email: "ops@example.com", role: "none" })).toEqual({
      email: "ops@example.com",
      role: null,
    });
  });

  it("refuses another role, and an address that is not one", () => {
    for (const role of [undefined, "", "member", "Owner", "superuser"]) {
      expect(errorsOf({ email: "ops@example.com", role }), String(role)).toEqual({
        role: "Choose owner, admin, editor, support or no role.",
      });
    }
    expect(errorsOf({ email: "ops", role: "admin" })).toEqual({ email: "Please enter a valid email address" });
  });
});

describe("inviteStaffSchema: invite someone by email", () => {
  it("gives one of the four roles, never none", () => {
    for (const role of ["owner", "admin", "editor", "support"]) {
      expect(inviteStaffSchema.parse({ email: " new@example.com ", role })).toStrictEqual({
        email: "new@example.com",
        role,
      });
    }
    for (const role of [undefined, "none", "", "Admin", "member"]) {
      expect(issuesOf(inviteStaffSchema, { email: "new@example.com", role }), String(role)).toEqual([
        { path: "role", message: "Choose owner, admin, editor or support." },
      ]);
    }
    expect(issuesOf(inviteStaffSchema, { email: "new@", role: "admin" })).toEqual([
      { path: "email", message: "Please enter a valid email address" },
    ]);
  });
});

describe("staffPageSchema: the Staff page's forms, by intent", () => {
  it("reads a body without an intent as a role change, as the page's first form sent it", () => {
    expect(staffPageSchema.parse({ email: "ops@example.com", role: "none" })).toStrictEqual({
      email: "ops@example.com",
      role: null,
      intent: "role",
    });
    expect(staffPageSchema.parse({ intent: "role", email: "ops@example.com", role: "editor" })).toStrictEqual({
      intent: "role",
      email: "ops@example.com",
      role: "editor",
    });
  });

  it("keeps the intent it is given", () => {
    expect(staffPageSchema.parse({ intent: "invite", email: "new@example.com", role: "support" })).toStrictEqual({
      intent: "invite",
      email: "new@example.com",
      role: "support",
    });
    expect(issuesOf(staffPageSchema, { intent: "invite", email: "new@example.com", role: "none" })).toEqual([
      { path: "role", message: "Choose owner, admin, editor or support." },
    ]);
  });

  it("revokes or resends an invitation by its id", () => {
    expect(staffPageSchema.parse({ intent: "revoke", id: "4" })).toStrictEqual({ intent: "revoke", id: 4 });
    expect(staffPageSchema.parse({ intent: "resend", id: 5 })).toStrictEqual({ intent: "resend", id: 5 });
    for (const intent of ["revoke", "resend"]) {
      for (const id of [undefined, "abc", "0", "-2", "1.5"]) {
        expect(issuesOf(staffPageSchema, { intent, id }), `${intent} ${String(id)}`).toEqual([
          { path: "id", message: "Unknown invitation" },
        ]);
      }
    }
  });

  it("refuses another intent, and a body that is not a form", () => {
    for (const intent of ["", "delete", "Invite"]) {
      expect(issuesOf(staffPageSchema, { intent, email: "ops@example.com", role: "admin" }), intent).toEqual([
        { path: "intent", message: "Unknown change" },
      ]);
    }
    for (const body of [null, undefined, "intent=role", 5]) {
      expect(issuesOf(staffPageSchema, body), String(body)).toEqual([{ path: "", message: "Unknown change" }]);
    }
  });
});

describe("acceptInvitationSchema: the invitation page", () => {
  const create = {
    intent: "create",
    token: "tok",
    firstName: " Ada ",
    lastName: " Lovelace ",
    password: "Abcdefg1",
    confirm: "Abcdefg1",
  };

  it("accepts as the signed-in account with the invitation's token", () => {
    expect(acceptInvitationSchema.parse({ intent: "accept", token: "t".repeat(200) })).toStrictEqual({
      intent: "accept",
      token: "t".repeat(200),
    });
    for (const token of [undefined, "", "t".repeat(201)]) {
      expect(
        issuesOf(acceptInvitationSchema, { intent: "accept", token }).map((issue) => issue.path),
        String(token),
      ).toEqual(["token"]);
      expect(
        issuesOf(acceptInvitationSchema, { ...create, token }).map((issue) => issue.path),
        String(token),
      ).toEqual(["token"]);
    }
  });

  it("opens a new account with a trimmed name and a password typed twice", () => {
    expect(acceptInvitationSchema.parse({ ...create, token: "t".repeat(200) })).toStrictEqual({
      intent: "create",
      token: "t".repeat(200),
      firstName: "Ada",
      lastName: "Lovelace",
      password: "Abcdefg1",
      confirm: "Abcdefg1",
    });
  });

  it("names each field the new account lacks", () => {
    expect(issuesOf(acceptInvitationSchema, { ...create, firstName: " ", lastName: "" })).toEqual([
      { path: "firstName", message: "First name is required" },
      { path: "lastName", message: "Last name is required" },
    ]);
    expect(
      issuesOf(acceptInvitationSchema, { ...create, firstName: "f".repeat(101), lastName: "l".repeat(101) }),
    ).toEqual([
      { path: "firstName", message: "First name must be less than 100 characters" },
      { path: "lastName", message: "Last name must be less than 100 characters" },
    ]);
    expect(
      acceptInvitationSchema.parse({ ...create, firstName: "f".repeat(100), lastName: "l".repeat(100) }),
    ).toMatchObject({ firstName: "f".repeat(100) });
    expect(issuesOf(acceptInvitationSchema, { ...create, password: "short", confirm: "short" })).toEqual([
      { path: "password", message: "Password must be at least 8 characters" },
    ]);
    expect(issuesOf(acceptInvitationSchema, { ...create, confirm: "Abcdefg2" })).toEqual([
      { path: "confirm", message: "Passwords don't match" },
    ]);
    expect(issuesOf(acceptInvitationSchema, { ...create, confirm: undefined }).map((issue) => issue.path)).toEqual([
      "confirm",
    ]);
  });

  it("refuses another answer", () => {
    for (const intent of [undefined, "", "decline", "Accept"]) {
      expect(issuesOf(acceptInvitationSchema, { ...create, intent }), String(intent)).toEqual([
        { path: "intent", message: "Unknown answer" },
      ]);
    }
  });
});
