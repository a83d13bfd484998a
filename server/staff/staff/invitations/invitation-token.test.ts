import { describe, expect, it } from "vitest";
import { hashInvitationToken, INVITATION_HOURS, INVITATION_TTL_MS, newInvitationToken } from "./invitation-token";

describe("invitation link tokens", () => {
  it("work for 72 hours: 259,200,000 ms", () => {
    expect(INVITATION_HOURS).toBe(72);
    expect(INVITATION_TTL_MS).toBe(259_200_000);
  });

  it("store the token's SHA-256 as hex, never the token", () => {
    expect(hashInvitationToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("are 32 random bytes in base64url (43 URL-safe characters), each new, paired with its hash", () => {
    const a = newInvitationToken();
    const b = newInvitationToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.hash).toBe(hashInvitationToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.token).not.toBe(a.token);
  });
});
