import * as React from "react";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { ceremonyProblem, loadWebAuthn, passkeysSupported, postJson } from "~/components/auth/passkey-browser";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { fieldErrors } from "~/lib/validation/fields";
import { addPasskeySchema, PASSKEY_NAME_MAX } from "~/lib/validation/auth/passkeys";
import type { PasskeyView } from "~/lib/view-types/passkeys";

/**
 * Adding a passkey: options from our route, the browser's WebAuthn ceremony (its library
 * loaded only now), then the answer back to our route. A ceremony the member cancelled says
 * nothing; any other problem is a toast.
 */
export function AddPasskeyDialog({ open, onOpenChange, onDone, onAnswer }: { open: boolean; onOpenChange: (open: boolean) => void; onDone: () => void; onAnswer: (answer: ActionAnswer) => void }) {
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<string>();
  const [busy, setBusy] = React.useState(false);
  const [supported, setSupported] = React.useState(true);
  React.useEffect(() => {
    if (open) {
      setName("");
      setError(undefined);
      setSupported(passkeysSupported());
    }
  }, [open]);

  const fail = (description: string) => toast.error("Passkey not added", { description });

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = addPasskeySchema.shape.name.safeParse(name);
    if (!checked.success) return setError(fieldErrors(checked.error).form);
    setError(undefined);
    setBusy(true);
    try {
      const options = await postJson<{ options: PublicKeyCredentialCreationOptionsJSON }>("/api/dashboard/passkeys/options");
      onAnswer(options);
      if (!options.ok) return fail(options.error);
      const { startRegistration } = await loadWebAuthn();
      let response;
      try {
        response = await startRegistration({ optionsJSON: options.options });
      } catch (problem) {
        const message = ceremonyProblem(problem, "add");
        if (message) fail(message);
        return;
      }
      const added = await postJson<{ passkey: PasskeyView }>("/api/dashboard/passkeys/add", { name: checked.data, response });
      onAnswer(added);
      if (!added.ok) return fail(added.error);
      toast.success("Passkey added", { description: `You can now sign in with "${added.passkey.name}".` });
      onOpenChange(false);
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Add a passkey</DialogTitle>
          <DialogDescription>Your device will ask you to confirm with your fingerprint, face, screen lock or security key.</DialogDescription>
        </DialogHeader>
        {supported ? (
          <form onSubmit={create} className="grid gap-4" noValidate>
            <FormField id="passkey-name" label="Name (optional)" error={error} hint="Leave it blank to name the passkey after your device or password manager.">
              <Input id="passkey-name" value={name} maxLength={PASSKEY_NAME_MAX} placeholder="e.g. Work laptop" autoComplete="off" onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(error) || undefined} />
            </FormField>
            <DialogFooter>
              <Button type="submit" disabled={busy}>
                {busy ? "Waiting for your device..." : "Create passkey"}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <p role="alert" className="text-sm text-destructive">
            This browser does not support passkeys.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
