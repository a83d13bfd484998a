/*
 * The browser half of passkeys. @simplewebauthn/browser is loaded only when a
 * passkey is actually used (a dynamic import: its own chunk), so no page's first load grows.
 */

export const loadWebAuthn = () => import("@simplewebauthn/browser");

/** Whether this browser has WebAuthn at all (false on the server and in old browsers). */
export function passkeysSupported() {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
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
  return what === "add"
    ? "The passkey could not be created on this device."
    : "Your passkey could not be used on this device.";
}
