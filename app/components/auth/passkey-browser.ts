import type { ActionAnswer } from "~/lib/action-answer";

/*
 * The browser half of passkeys. @simplewebauthn/browser is loaded only when a
 * passkey is actually used (a dynamic import: its own chunk), so no page's first load grows.
 */

export const loadWebAuthn = () => import("@simplewebauthn/browser");

/** Whether this browser has WebAuthn at all (false on the server and in old browsers). */
export function passkeysSupported() {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** Posts JSON to one of our passkey routes and reads the one envelope; a network failure reads as a refusal. */
export async function postJson<T extends object>(url: string, body: unknown = {}, signal?: AbortSignal): Promise<ActionAnswer<T>> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal });
    const answer = (await response.json().catch(() => null)) as ActionAnswer<T> | null;
    return answer ?? { ok: false, error: "Something went wrong. Please try again." };
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { ok: false, error: "Could not reach the server. Please check your connection and try again." };
  }
}

/** What to tell a person whose authenticator refused or was dismissed; undefined for a silent abort. */
export function ceremonyProblem(error: unknown, what: "add" | "sign-in"): string | undefined {
  const name = error instanceof Error ? error.name : "";
  const code = (error as { code?: string } | null)?.code;
  if (name === "AbortError" || code === "ERROR_CEREMONY_ABORTED") return undefined;
  if (what === "add" && (name === "InvalidStateError" || code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")) {
    return "This device already holds a passkey for your account.";
  }
  if (name === "NotAllowedError") return "The passkey request was cancelled or timed out.";
  return what === "add" ? "The passkey could not be created on this device." : "Your passkey could not be used on this device.";
}
