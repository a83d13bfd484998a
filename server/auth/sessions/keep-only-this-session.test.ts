import { describe, expect, it } from "vitest";
import { cookiesAfter } from "./keep-only-this-session.ts";

// keepOnlyThisSession ends every session but the one the browser will be signed in with after
// the answer. When Better Auth has just replaced the session (two-factor on or off), that is the
// cookie in the answer's Set-Cookie, not the one the request came with: the Cookie header built
// here must be the one the browser will send next, or the member is signed out of the new session.

const request = (cookie?: string, others: Record<string, string> = {}) =>
  new Headers(cookie === undefined ? others : { ...others, cookie });
const answer = (...setCookies: string[]) => {
  const headers = new Headers();
  for (const setCookie of setCookies) headers.append("set-cookie", setCookie);
  return headers;
};
const cookieAfter = (cookie: string | undefined, ...setCookies: string[]) =>
  cookiesAfter(request(cookie), answer(...setCookies)).get("cookie");

describe("the Cookie header a browser sends after an answer's Set-Cookie", () => {
  it("replaces a cookie the answer sets again, in its place, and keeps the others", () => {
    expect(
      cookieAfter("session_token=old.sig; theme=dark", "session_token=new.sig; Path=/; HttpOnly; SameSite=Lax"),
    ).toBe("session_token=new.sig; theme=dark");
  });

  it("adds a cookie the request did not have, after the ones it had", () => {
    expect(cookieAfter("theme=dark; lang=en", "session_data=abc; Max-Age=300; Path=/")).toBe(
      "theme=dark; lang=en; session_data=abc",
    );
  });

  it("keeps the request's cookies as they were when the answer sets none", () => {
    expect(cookieAfter("session_token=old.sig; theme=dark")).toBe("session_token=old.sig; theme=dark");
  });

  it("removes a cookie the answer sets to an empty value, even without Max-Age", () => {
    expect(cookieAfter("session_token=old.sig; dont_remember=true", "dont_remember=; Path=/")).toBe(
      "session_token=old.sig",
    );
  });

  it("removes a cookie the answer sets with Max-Age=0, whatever its value, place among the attributes, case and spacing", () => {
    expect(cookieAfter("a=1; b=2", "b=gone; Max-Age=0; Path=/; HttpOnly")).toBe("a=1");
    expect(cookieAfter("a=1; b=2", "b=gone; Path=/; max-age=0")).toBe("a=1");
    expect(cookieAfter("a=1; b=2", "b=gone;MAX-AGE=0;Path=/")).toBe("a=1");
    expect(cookieAfter("a=1; b=2", "b=gone;   Max-Age=0   ; Path=/")).toBe("a=1");
  });

  it("keeps a cookie whose Max-Age is not 0, or whose only attribute merely ends in max-age=0", () => {
    // Max-Age=01 is one second, not an expiry; X-Max-Age is some other attribute.
    expect(cookieAfter("a=1", "b=2; Max-Age=01; Path=/")).toBe("a=1; b=2");
    expect(cookieAfter("a=1", "b=2; Max-Age=0 1")).toBe("a=1; b=2");
    expect(cookieAfter("a=1", "b=2; X-Max-Age=0")).toBe("a=1; b=2");
  });

  it("removes a cookie the request did not have without adding it", () => {
    expect(cookieAfter("a=1", "b=; Max-Age=0")).toBe("a=1");
  });

  it("ignores request cookie parts without '=' or with '=' first", () => {
    expect(cookieAfter("=orphan; flag; a=1", "b=2")).toBe("a=1; b=2");
  });

  it("ignores Set-Cookie headers without '=' or with '=' first", () => {
    expect(cookieAfter("a=1", "flag; Path=/", "=orphan; Path=/")).toBe("a=1");
  });

  it("keeps '=' inside values, in the request and in the answer", () => {
    expect(cookieAfter("data=a=b==; a=1", "token=x.y=; Path=/")).toBe("data=a=b==; a=1; token=x.y=");
  });

  it("trims the whitespace around names and values, in the request and in the answer", () => {
    expect(cookieAfter("a = 1 ;   b=2;c=3")).toBe("a=1; b=2; c=3");
    // "b " in the Set-Cookie is the request's "b": replaced, not added beside it.
    expect(cookieAfter("a=1;  b=2", "b = 3 ; Path=/")).toBe("a=1; b=3");
  });

  it("builds the header from the answer alone when the request had no Cookie header", () => {
    expect(cookieAfter(undefined, "session_token=new.sig; Path=/", "theme=dark")).toBe(
      "session_token=new.sig; theme=dark",
    );
    expect(cookieAfter(undefined)).toBe("");
  });

  it("keeps the request's other headers and leaves the request's own headers unchanged", () => {
    const original = request("session_token=old.sig", {
      "user-agent": "Mozilla/5.0 Firefox/128.0",
      "x-forwarded-for": "203.0.113.7",
    });
    const after = cookiesAfter(original, answer("session_token=new.sig; Path=/"));
    expect([...after]).toEqual([
      ["cookie", "session_token=new.sig"],
      ["user-agent", "Mozilla/5.0 Firefox/128.0"],
      ["x-forwarded-for", "203.0.113.7"],
    ]);
    expect(original.get("cookie")).toBe("session_token=old.sig");
  });
});
