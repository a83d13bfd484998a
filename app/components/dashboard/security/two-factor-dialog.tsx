import type * as React from "react";
import { PasswordInput } from "~/components/auth/password-input";
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

/** The dialog every two-factor step shows in; closing it (Escape, outside, the ×) calls `onClose`. */
export function TwoFactorDialog({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent className="sm:max-w-md">{children}</DialogContent>
    </Dialog>
  );
}

type DialogFormProps = {
  title: string;
  description: string;
  onSubmit: (event: React.FormEvent) => void;
  /** The submit button: its text, its text while busy, and whether the request is under way. */
  action: { label: string; busyLabel: string; busy: boolean; variant?: "destructive" };
  children: React.ReactNode;
};

/** One step of a two-factor dialog: the title and description, the fields, and the submit button. */
export function DialogForm({ title, description, onSubmit, action, children }: DialogFormProps) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        {children}
        <DialogFooter>
          <Button type="submit" variant={action.variant} disabled={action.busy}>
            {action.busy ? action.busyLabel : action.label}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

export function PasswordField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField id={id} label="Password" error={error}>
      <PasswordInput
        id={id}
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error) || undefined}
      />
    </FormField>
  );
}

/**
 * "Code or backup code", wherever the second factor confirms a change (turning two-factor off,
 * deleting the account): six digits from the app or a backup code, at most 32 characters.
 */
export function CodeOrBackupCodeField({
  id,
  error,
  ...props
}: React.ComponentProps<typeof Input> & { id: string; error?: string }) {
  return (
    <FormField id={id} label="Code or backup code" error={error}>
      <Input id={id} autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={32} {...props} />
    </FormField>
  );
}
