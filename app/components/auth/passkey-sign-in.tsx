import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { KeyRoundIcon } from "lucide-react";
import * as React from "react";
import { postJson } from "~/components/forms/post-json";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import { signInCartFields } from "~/lib/cart";
import { ceremonyProblem, loadWebAuthn, passkeysSupported } from "./passkey-browser";

type Options = { options: PublicKeyCredentialRequestOptionsJSON };

/**
 * "Sign in with a passkey" on /signin, and conditional UI: where the browser
 * supports it, the member's passkeys are offered in the email field's autofill (the field
 * carries autocomplete="username webauthn"). Either way the signed answer goes to our route,
 * which opens the session; the page then loads `redirectTo`.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const [busy, setBusy] = React.useState(false);
  const target = React.useRef(redirectTo);
  target.current = redirectTo;

  // The signed answer to our route; on success the page loads the target (busy until it does).
  const finish = React.useCallback(async (response: AuthenticationResponseJSON) => {
    setBusy(true);
    // This tab's cart joins the account's, as the password form's hidden fields bring it.
    const answer = await postJson<{ redirectTo: string }>("/api/signin/passkey", {
      response,
      redirectTo: target.current,
      ...signInCartFields(),
    });
    if (answer.ok) {
      window.location.assign(answer.redirectTo);
      return true;
    }
    setBusy(false);
    toast.error("Sign in failed", { description: answer.error });
    return false;
  }, []);

  // Conditional UI: one pending request that the browser's autofill may answer at any time.
  React.useEffect(() => {
    if (!passkeysSupported()) return;
    let live = true;
    void (async () => {
      const webauthn = await loadWebAuthn();
      if (!live || !(await webauthn.browserSupportsWebAuthnAutofill())) return;
      const options = await postJson<Options>("/api/signin/passkey/options");
      if (!live || !options.ok) return;
      let response;
      try {
        response = await webauthn.startAuthentication({ optionsJSON: options.options, useBrowserAutofill: true });
      } catch {
        // Aborted (the button started its own request, or the page is leaving) or dismissed: nothing to say.
        return;
      }
      if (live) await finish(response);
    })();
    return () => {
      live = false;
      void loadWebAuthn().then((webauthn) => webauthn.WebAuthnAbortService.cancelCeremony());
    };
  }, [finish]);

  const signIn = async () => {
    if (!passkeysSupported()) {
      toast.error("Sign in failed", { description: "This browser does not support passkeys." });
      return;
    }
    setBusy(true);
    let leaving = false;
    try {
      const webauthn = await loadWebAuthn();
      const options = await postJson<Options>("/api/signin/passkey/options");
      if (!options.ok) {
        toast.error("Sign in failed", { description: options.error });
        return;
      }
      let response;
      try {
        // Starting a new request aborts the pending conditional one.
        response = await webauthn.startAuthentication({ optionsJSON: options.options });
      } catch (problem) {
        const message = ceremonyProblem(problem, "sign-in");
        if (message) toast.error("Sign in failed", { description: message });
        return;
      }
      leaving = await finish(response);
    } finally {
      if (!leaving) setBusy(false);
    }
  };

  return (
    <Button type="button" variant="outline" size="lg" disabled={busy} onClick={() => void signIn()}>
      <KeyRoundIcon aria-hidden="true" />
      {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
    </Button>
  );
}
