import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import * as React from "react";
import { ceremonyProblem, loadWebAuthn, passkeysSupported } from "~/components/auth/passkey-browser";
import { postJson } from "~/components/forms/post-json";
import { useForm } from "~/components/forms/use-form";
import { useResetOnOpen } from "~/components/forms/use-reset-on-open";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { addPasskeySchema, PASSKEY_NAME_MAX } from "~/lib/validation/auth/passkeys";
import type { PasskeyView } from "~/lib/view-types/passkeys";

/**
 * Adding a passkey: options from our route, the browser's WebAuthn ceremony (its library
 * loaded only now), then the answer back to our route. A ceremony the member cancelled says
 * nothing; any other problem is a toast.
 */
export function AddPasskeyDialog({
  open,
  onOpenChange,
  onDone,
  onAnswer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
  onAnswer: (answer: ActionAnswer) => void;
}) {
  const form = useForm({ initial: { name: "" }, refusal: "inline" });
  const [busy, setBusy] = React.useState(false);
  const [supported, setSupported] = React.useState(true);
  useResetOnOpen(open, () => {
    form.reset();
    setSupported(passkeysSupported());
  });

  const fail = (description: string) => toast.error("Passkey not added", { description });

  const create = async (name: string | undefined) => {
    setBusy(true);
    try {
      const options = await postJson<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        "/api/dashboard/passkeys/options",
      );
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
      const added = await postJson<{ passkey: PasskeyView }>("/api/dashboard/passkeys/add", { name, response });
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
          <DialogDescription>
            Your device will ask you to confirm with your fingerprint, face, screen lock or security key.
          </DialogDescription>
        </DialogHeader>
        {supported ? (
          <form
            onSubmit={form.submit(addPasskeySchema.shape.name, (name) => void create(name), form.values.name)}
            className="grid gap-4"
            noValidate
          >
            <FormField
              id="passkey-name"
              label="Name (optional)"
              error={form.errors.form}
              hint="Leave it blank to name the passkey after your device or password manager."
            >
              <Input
                id="passkey-name"
                maxLength={PASSKEY_NAME_MAX}
                placeholder="e.g. Work laptop"
                autoComplete="off"
                {...form.field("name")}
                aria-invalid={Boolean(form.errors.form) || undefined}
              />
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
