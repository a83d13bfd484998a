import { describe, expect, it } from "vitest";
import {
  flashToastDeleteCookie,
  flashToastSetCookie,
  readCookie,
  readFlashToast,
  readSidebarOpen,
  sidebarStateCookie,
} from "./cookies";

describe("cookies", () => {
  it("reads one cookie from a Cookie header, percent-decoded, the first of repeated names", () => {
    expect(readCookie("a=1; b=x%20y; a=2", "b")).toBe("x y");
    expect(readCookie("a=1; b=x%20y; a=2", "a")).toBe("1");
    expect(readCookie("a=1", "b")).toBeUndefined();
    expect(readCookie(null, "a")).toBeUndefined();
    expect(readCookie(undefined, "a")).toBeUndefined();
    expect(readCookie("", "a")).toBeUndefined();
  });

  it("writes the flash toast as URI-encoded JSON for 60 s on the whole site, Secure only when asked", () => {
    expect(flashToastSetCookie({ title: "Welcome back!", description: "Hi; you" }, { secure: false })).toBe(
      "flash_toast=%7B%22title%22%3A%22Welcome%20back!%22%2C%22description%22%3A%22Hi%3B%20you%22%7D; " +
        "Max-Age=60; Path=/; SameSite=Lax",
    );
    expect(flashToastSetCookie({ title: "Password updated!" }, { secure: true })).toBe(
      "flash_toast=%7B%22title%22%3A%22Password%20updated!%22%7D; Max-Age=60; Path=/; Secure; SameSite=Lax",
    );
    expect(flashToastDeleteCookie()).toBe("flash_toast=; Max-Age=0; Path=/; SameSite=Lax");
  });

  it("reads back the flash toast the server wrote, as the browser shows the cookie", () => {
    const written = flashToastSetCookie({ title: "Oops", description: "Try again", type: "error" }, { secure: true });
    const inBrowser = `sidebar_state=true; ${written.split(";")[0]}; other=1`;
    expect(readFlashToast(inBrowser)).toEqual({ title: "Oops", description: "Try again", type: "error" });
    // The format before this helper existed (encodeURIComponent of the JSON) reads the same.
    expect(readFlashToast(`flash_toast=${encodeURIComponent('{"title":"Welcome back!"}')}`)).toEqual({
      title: "Welcome back!",
    });
  });

  it("drops a missing or malformed flash toast instead of throwing", () => {
    expect(readFlashToast("other=1")).toBeUndefined();
    expect(readFlashToast("flash_toast=")).toBeUndefined();
    expect(readFlashToast("flash_toast=%7Bnot-json")).toBeUndefined();
    expect(readFlashToast("flash_toast=%E0%A4%A")).toBeUndefined();
    expect(readFlashToast("flash_toast=null")).toBeUndefined();
    expect(readFlashToast(`flash_toast=${encodeURIComponent('{"title":3}')}`)).toBeUndefined();
    // Unknown or mistyped extras are left out, a known title is kept.
    expect(
      readFlashToast(`flash_toast=${encodeURIComponent('{"title":"t","description":5,"type":"warning","x":1}')}`),
    ).toEqual({
      title: "t",
    });
    expect(readFlashToast(`flash_toast=${encodeURIComponent('{"title":"t","type":"success"}')}`)).toEqual({
      title: "t",
      type: "success",
    });
  });

  it("writes the sidebar state as a bare true/false kept for 7 days", () => {
    expect(sidebarStateCookie(false)).toBe("sidebar_state=false; Max-Age=604800; Path=/; SameSite=Lax");
    expect(sidebarStateCookie(true)).toBe("sidebar_state=true; Max-Age=604800; Path=/; SameSite=Lax");
  });

  it("renders the sidebar open unless its cookie says false", () => {
    expect(readSidebarOpen("sidebar_state=false")).toBe(false);
    expect(readSidebarOpen("better-auth.session_token=x; sidebar_state=false; theme=dark")).toBe(false);
    expect(readSidebarOpen("sidebar_state=true")).toBe(true);
    expect(readSidebarOpen("sidebar_state=nonsense")).toBe(true);
    expect(readSidebarOpen("xsidebar_state=false")).toBe(true);
    expect(readSidebarOpen("")).toBe(true);
    expect(readSidebarOpen(null)).toBe(true);
  });
});
