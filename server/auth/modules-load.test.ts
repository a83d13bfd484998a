import { describe, expect, it } from "vitest";

// Each auth module with work done when it loads (device-address.ts builds its Intl.DisplayNames,
// staff-access-control.ts the roles' statements), imported inside a named test. A mistake that makes such a module throw while loading
// fails every test file importing it, but Stryker's Vitest runner reports that mutant as
// "survived" (stryker-js #6150); failing a named test here is what it counts as killed.
describe("auth modules load", () => {
  it("device-address.ts", async () => {
    const module = await import("./accounts/device-address.ts");
    expect(module.countryName("DE")).toBe("Germany");
  });

  it("staff-access-control.ts", async () => {
    const module = await import("./core/staff-access-control.ts");
    expect(Object.keys(module.staffRoles).sort()).toEqual(["admin", "editor", "owner", "support"]);
  });
});
