import { parse, serialize } from "cookie";

// Every cookie this site reads or writes itself, browser and server alike, goes through the
// `cookie` package here (docs/decisions/042-cookies-through-the-cookie-package.md).
// Better Auth's session cookies are its own. Values keep the formats they had: `flash_toast` is
// URI-encoded JSON, `sidebar_state` a bare `true` or `false`.

export const FLASH_TOAST_COOKIE = "flash_toast";
export const SIDEBAR_STATE_COOKIE = "sidebar_state";
/** The sidebar remembers its state for 7 days. */
export const SIDEBAR_STATE_MAX_AGE = 60 * 60 * 24 * 7;
/** A flash toast only has to survive one redirect. */
export const FLASH_TOAST_MAX_AGE = 60;

/** One cookie's value from a `Cookie` header (or `document.cookie`), percent-decoded; the first one if repeated. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  return parse(cookieHeader ?? "")[name];
}

export type FlashToast = { title: string; description?: string; type?: "success" | "error" };

/**
 * A one-shot toast carried across a redirect ("Welcome back!" after sign-in): short-lived and
 * readable by the next page's script, which shows it and deletes it. `secure` in production.
 */
export function flashToastSetCookie(toast: FlashToast, options: { secure: boolean }) {
  return serialize(FLASH_TOAST_COOKIE, JSON.stringify(toast), {
    path: "/",
    maxAge: FLASH_TOAST_MAX_AGE,
    sameSite: "lax",
    secure: options.secure,
  });
}

/** The value that deletes the flash toast (for `document.cookie`). */
export function flashToastDeleteCookie() {
  return serialize(FLASH_TOAST_COOKIE, "", { path: "/", maxAge: 0, sameSite: "lax" });
}

/** The toast a redirect left, or `undefined` when there is none or it is malformed. */
export function readFlashToast(cookieHeader: string | null | undefined): FlashToast | undefined {
  const raw = readCookie(cookieHeader, FLASH_TOAST_COOKIE);
  if (!raw) return undefined;
  try {
    const toast = JSON.parse(raw) as Partial<FlashToast> | null;
    if (typeof toast?.title !== "string") return undefined;
    return {
      title: toast.title,
      ...(typeof toast.description === "string" ? { description: toast.description } : {}),
      ...(toast.type === "error" || toast.type === "success" ? { type: toast.type } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The sidebar's open state as the browser stores it, so the server renders the same on the next request. */
export function sidebarStateCookie(open: boolean) {
  return serialize(SIDEBAR_STATE_COOKIE, String(open), { path: "/", maxAge: SIDEBAR_STATE_MAX_AGE, sameSite: "lax" });
}

/** Open unless the cookie says `false` (no cookie, or any other value, is the default: open). */
export function readSidebarOpen(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, SIDEBAR_STATE_COOKIE) !== "false";
}

/**
 * The referral cookie holds only the random id of the visit the server recorded. It is sent with
 * two paths, never `/`: `/r` (so a second link sees the first and keeps it: first touch) and
 * `/join` (the sign-up page and its action). The public pages never receive it, so a visitor who
 * came through a link is still anonymous to the page cache.
 */
export const REFERRAL_COOKIE = "referral";
export const REFERRAL_COOKIE_PATHS = ["/r", "/join"] as const;

/** The Set-Cookie values that keep a referral visit's id for `maxAgeSeconds` (0 deletes it). */
export function referralSetCookies(visitId: string, options: { secure: boolean; maxAgeSeconds: number }) {
  return REFERRAL_COOKIE_PATHS.map((path) =>
    serialize(REFERRAL_COOKIE, visitId, {
      path,
      maxAge: options.maxAgeSeconds,
      httpOnly: true,
      sameSite: "lax",
      secure: options.secure,
    }),
  );
}
