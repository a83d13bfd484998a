import * as React from "react";
import { postJson } from "~/components/forms/post-json";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
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
import { PASSKEY_NAME_MAX, renamePasskeySchema } from "~/lib/validation/auth/passkeys";
import type { PasskeyView } from "~/lib/view-types/passkeys";

type ChangeDialogProps = {
  passkey: PasskeyView | null;
  onClose: () => void;
  onDone: () => void;
  onAnswer: (answer: ActionAnswer) => void;
};

/**
 * One change to a listed passkey, posted to its route: busy while it runs, the answer handed
 * to the card (a session that ended elsewhere), a toast either way, and on success the dialog
 * closes and the list reloads.
 */
function usePasskeyChange({ onClose, onDone, onAnswer }: Omit<ChangeDialogProps, "passkey">) {
  const [busy, setBusy] = React.useState(false);
  const send = async (path: string, body: unknown, toasts: { failed: string; done: string; description?: string }) => {
    setBusy(true);
    try {
      const answer = await postJson(path, body);
      onAnswer(answer);
      if (!answer.ok) {
        toast.error(toasts.failed, { description: answer.error });
        return answer;
      }
      toast.success(toasts.done, toasts.description ? { description: toasts.description } : undefined);
      onClose();
      onDone();
      return answer;
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
}

function PasskeyDialog({
  passkey,
  onClose,
  title,
  description,
  children,
}: Pick<ChangeDialogProps, "passkey" | "onClose"> & {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={passkey !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

export function RenamePasskeyDialog({ passkey, ...callbacks }: ChangeDialogProps) {
  const form = useForm({ initial: { name: "" }, refusal: "inline" });
  const { busy, send } = usePasskeyChange(callbacks);
  const { reset } = form;
  React.useEffect(() => {
    if (passkey) reset({ name: passkey.name });
  }, [passkey, reset]);

  const save = async (input: { id: string; name: string }) => {
    const answer = await send("/api/dashboard/passkeys/rename", input, {
      failed: "Passkey not renamed",
      done: "Passkey renamed",
    });
    if (!answer.ok) form.refuse(answer);
  };

  return (
    <PasskeyDialog
      passkey={passkey}
      onClose={callbacks.onClose}
      title="Rename passkey"
      description="A name helps you tell your passkeys apart."
    >
      <form
        onSubmit={form.submit(renamePasskeySchema, (input) => void save(input), {
          id: passkey?.id,
          name: form.values.name,
        })}
        className="grid gap-4"
        noValidate
      >
        <FormField id="passkey-new-name" label="Name" error={form.errors.name}>
          <Input id="passkey-new-name" maxLength={PASSKEY_NAME_MAX} autoComplete="off" {...form.field("name")} />
        </FormField>
        <DialogFooter>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save"}
          </Button>
        </DialogFooter>
      </form>
    </PasskeyDialog>
  );
}

export function RemovePasskeyDialog({ passkey, ...callbacks }: ChangeDialogProps) {
  const { busy, send } = usePasskeyChange(callbacks);
  const remove = () => {
    if (!passkey) return;
    void send(
      "/api/dashboard/passkeys/remove",
      { id: passkey.id },
      {
        failed: "Passkey not removed",
        done: "Passkey removed",
        description: `"${passkey.name}" can no longer sign in to your account.`,
      },
    );
  };

  return (
    <ConfirmDialog
      open={passkey !== null}
      onOpenChange={(open) => (open ? undefined : callbacks.onClose())}
      className="sm:max-w-md"
      title="Remove passkey?"
      description={
        passkey
          ? `"${passkey.name}" will no longer sign in to your account. Remove it from your device or password manager too.`
          : null
      }
      confirm="Remove"
      busyLabel="Removing..."
      busy={busy}
      destructive
      onConfirm={remove}
    />
  );
}
