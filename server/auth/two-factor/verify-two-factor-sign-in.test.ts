import { describe, expect, it } from "vitest";
import { hasSignInChallenge } from "./verify-two-factor-sign-in.ts";

const withCookie = (cookie?: string) => new Headers(cookie === undefined ? {} : { cookie });

describe("whether a browser has a password step waiting for its second factor", () => {
  it("finds Better Auth's challenge cookie wherever it is in the Cookie header, with or without a space after ';'", () => {
    expect(hasSignInChallenge(withCookie("better-auth.two_factor=abc"))).toBe(true);
    expect(hasSignInChallenge(withCookie("theme=dark; better-auth.two_factor=abc"))).toBe(true);
    // RFC 6265 clients send "; ", but a proxy or another client may join cookies with ";" alone.
    expect(hasSignInChallenge(withCookie("theme=dark;better-auth.two_factor=abc"))).toBe(true);
    expect(hasSignInChallenge(withCookie("theme=dark;  __Secure-better-auth.two_factor=abc"))).toBe(true);
  });

  it("does not take an empty challenge, a look-alike name, or no Cookie header at all for one", () => {
    expect(hasSignInChallenge(withCookie())).toBe(false);
    expect(hasSignInChallenge(withCookie("better-auth.two_factor="))).toBe(false);
    expect(hasSignInChallenge(withCookie("my-better-auth.two_factor=abc"))).toBe(false);
  });
});
