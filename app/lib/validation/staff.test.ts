import { describe, expect, it } from "vitest";
import { fieldErrors } from "./fields";
import { staffRoleSchema } from "./staff";

const errorsOf = (input: unknown) => {
  const r = staffRoleSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe("staffRoleSchema (issue #16: give an account a role, change it or take it away)", () => {
  it("gives one of the four roles by email, or none", () => {
    for (const role of ["owner", "admin", "editor", "support"]) {
      expect(staffRoleSchema.parse({ email: " ops@example.com ", role })).toEqual({ email: "ops@example.com", role });
    }
    expect(staffRoleSchema.parse({ email: "ops@example.com", role: "none" })).toEqual({ email: "ops@example.com", role: null });
  });

  it("refuses another role, and an address that is not one", () => {
    for (const role of [undefined, "", "member", "Owner", "superuser"]) {
      expect(errorsOf({ email: "ops@example.com", role }), String(role)).toEqual({ role: "Choose owner, admin, editor, support or no role." });
    }
    expect(errorsOf({ email: "ops", role: "admin" })).toEqual({ email: "Please enter a valid email address" });
  });
});
