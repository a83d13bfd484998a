import { describe, expect, it } from "vitest";
import { readEmailLinkToken } from "./email-link-store.ts";

/** A token shaped like Better Auth's (header.payload.signature); only the payload is read. */
const tokenWith = (payload: unknown) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.c2lnbmF0dXJl`;

describe("readEmailLinkToken: the addresses a Better Auth email token names", () => {
  it("reads the address of a verification token, with no updateTo at all", () => {
    expect(readEmailLinkToken(tokenWith({ email: "ada@example.com", userId: "u1", exp: 1 }))).toStrictEqual({
      email: "ada@example.com",
    });
  });

  it("reads both addresses of an email-change token", () => {
    expect(readEmailLinkToken(tokenWith({ email: "ada@example.com", updateTo: "ada@new.example" }))).toStrictEqual({
      email: "ada@example.com",
      updateTo: "ada@new.example",
    });
  });

  it("ignores an updateTo that is not a string (such a token is no email change)", () => {
    expect(readEmailLinkToken(tokenWith({ email: "ada@example.com", updateTo: 42 }))).toStrictEqual({
      email: "ada@example.com",
    });
  });

  it("null for a token without an address", () => {
    expect(readEmailLinkToken(tokenWith({ updateTo: "ada@new.example" }))).toBeNull();
    expect(readEmailLinkToken(tokenWith({ email: 7 }))).toBeNull();
  });

  it("null for something that is not a token (no payload part, or no JSON in it)", () => {
    expect(readEmailLinkToken("not-a-token")).toBeNull();
    expect(readEmailLinkToken("a.bm90IGpzb24.c")).toBeNull();
  });
});
