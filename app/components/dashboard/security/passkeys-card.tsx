import * as React from "react";
import { useFetcher } from "react-router";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { KeyRoundIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { ceremonyProblem, loadWebAuthn, passkeysSupported, postJson } from "~/components/auth/passkey-browser";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { fieldErrors } from "~/lib/validation/fields";
import { addPasskeySchema, PASSKEY_NAME_MAX, renamePasskeySchema } from "~/lib/validation/passkeys";
import type { PasskeyView } from "~/lib/view-types/passkeys";
import { formatDate } from "../format";
import { useEndSession } from "../session-state";

type PasskeyList = ActionAnswer<{ passkeys: PasskeyView[] }>;
const LIST = "/api/dashboard/passkeys";

/**
 * User Info → Security → Passkeys (issue #15): add a passkey (named by the member, or after
 * the authenticator), list, rename and remove. Every step goes through our routes; the
 * WebAuthn library loads only when a passkey is being added.
 */
export function PasskeysCard() {
  const list = useFetcher<PasskeyList>();
  const endSession = useEndSession();
  const { load } = list;
  React.useEffect(() => {
    void load(LIST);
  }, [load]);
  const reload = React.useCallback(() => void load(LIST), [load]);
  // A session that ended elsewhere: the dashboard's shared handling (data off the screen, the
  // refusal's text as a toast, then /signin), as for every other dashboard call.
  const answered = React.useCallback(
    (answer: ActionAnswer) => {
      if (!answer.ok && answer.signedOut) endSession?.(answer.error);
    },
    [endSession],
  );

  const [adding, setAdding] = React.useState(false);
  const [renaming, setRenaming] = React.useState<PasskeyView | null>(null);
  const [removing, setRemoving] = React.useState<PasskeyView | null>(null);
  const data = list.data;
  const passkeys = data?.ok ? data.passkeys : null;
  React.useEffect(() => {
    if (data && !data.ok && data.signedOut) endSession?.(data.error);
  }, [data, endSession]);

  return (
    <Card role="group" aria-labelledby="passkeys-heading">
      <CardHeader>
        <CardTitle>
          <h3 id="passkeys-heading" className="flex items-center gap-2 text-base font-semibold">
            <KeyRoundIcon className="size-4" aria-hidden="true" />
            Passkeys
          </h3>
        </CardTitle>
        <CardDescription>Sign in with your fingerprint, face or screen lock instead of your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data && !data.ok ? (
          <p role="alert" className="text-sm text-destructive">
            {data.error || "Failed to load passkeys."}
          </p>
        ) : passkeys === null ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading passkeys">
            <Skeleton className="h-12 w-full" />
          </div>
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium break-all">
                    {passkey.name}
                    {passkey.backedUp ? <Badge variant="outline">Synced</Badge> : null}
                  </p>
                  {passkey.createdAt ? <p className="text-xs text-muted-foreground">Added {formatDate(passkey.createdAt)}</p> : null}
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Rename passkey ${passkey.name}`} onClick={() => setRenaming(passkey)}>
                    <PencilIcon />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Remove passkey ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                    <Trash2Icon />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button type="button" variant="outline" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        </div>
      </CardContent>
      <AddPasskeyDialog open={adding} onOpenChange={setAdding} onDone={reload} onAnswer={answered} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} onDone={reload} onAnswer={answered} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} onDone={reload} onAnswer={answered} />
    </Card>
  );
}

type DialogCallbacks = { onDone: () => void; onAnswer: (answer: ActionAnswer) => void };

function AddPasskeyDialog({ open, onOpenChange, onDone, onAnswer }: { open: boolean; onOpenChange: (open: boolean) => void } & DialogCallbacks) {
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

function RenamePasskeyDialog({ passkey, onClose, onDone, onAnswer }: { passkey: PasskeyView | null; onClose: () => void } & DialogCallbacks) {
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<string>();
  const [busy, setBusy] = React.useState(false);
  React.useEffect(() => {
    if (passkey) {
      setName(passkey.name);
      setError(undefined);
    }
  }, [passkey]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!passkey) return;
    const parsed = renamePasskeySchema.safeParse({ id: passkey.id, name });
    if (!parsed.success) return setError(fieldErrors(parsed.error).name);
    setBusy(true);
    try {
      const answer = await postJson("/api/dashboard/passkeys/rename", parsed.data);
      onAnswer(answer);
      if (!answer.ok) {
        setError(answer.fieldErrors?.name);
        toast.error("Passkey not renamed", { description: answer.error });
        return;
      }
      toast.success("Passkey renamed");
      onClose();
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={passkey !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Rename passkey</DialogTitle>
          <DialogDescription>A name helps you tell your passkeys apart.</DialogDescription>
        </DialogHeader>
        <form onSubmit={save} className="grid gap-4" noValidate>
          <FormField id="passkey-new-name" label="Name" error={error}>
            <Input id="passkey-new-name" value={name} maxLength={PASSKEY_NAME_MAX} autoComplete="off" onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(error) || undefined} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemovePasskeyDialog({ passkey, onClose, onDone, onAnswer }: { passkey: PasskeyView | null; onClose: () => void } & DialogCallbacks) {
  const [busy, setBusy] = React.useState(false);
  const remove = async () => {
    if (!passkey) return;
    setBusy(true);
    try {
      const answer = await postJson("/api/dashboard/passkeys/remove", { id: passkey.id });
      onAnswer(answer);
      if (!answer.ok) {
        toast.error("Passkey not removed", { description: answer.error });
        return;
      }
      toast.success("Passkey removed", { description: `"${passkey.name}" can no longer sign in to your account.` });
      onClose();
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={passkey !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Remove passkey?</DialogTitle>
          <DialogDescription>
            {passkey ? `"${passkey.name}" will no longer sign in to your account. Remove it from your device or password manager too.` : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={busy} onClick={() => void remove()}>
            {busy ? "Removing..." : "Remove"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
