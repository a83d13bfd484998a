import { describe, expect, it } from "vitest";
import { toPasskeyView } from "./passkey-view.ts";

const row = {
  id: "pk_1",
  aaguid: "bada5566-a7aa-401f-bd96-45619a55120d",
  createdAt: new Date("2025-03-01T10:00:00Z"),
  deviceType: "singleDevice",
  backedUp: false,
};

describe("what the Passkeys card shows of a stored passkey", () => {
  it("its own name without surrounding spaces; none, or only spaces, falls back to the authenticator's name", () => {
    expect(toPasskeyView({ ...row, name: "  Work laptop " }).name).toBe("Work laptop");
    expect(toPasskeyView({ ...row, name: "   " }).name).toBe("1Password");
    expect(toPasskeyView({ ...row, name: null }).name).toBe("1Password");
    expect(toPasskeyView({ ...row, name: undefined, aaguid: null }).name).toBe("Passkey");
  });

  it("the creation time as an ISO string, or null when it has none", () => {
    expect(toPasskeyView({ ...row, name: "Phone" })).toEqual({
      id: "pk_1",
      name: "Phone",
      createdAt: "2025-03-01T10:00:00.000Z",
      deviceType: "singleDevice",
      backedUp: false,
    });
    expect(toPasskeyView({ ...row, createdAt: null }).createdAt).toBeNull();
  });
});
