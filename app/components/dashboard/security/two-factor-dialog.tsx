import * as React from "react";
import type { z } from "zod";
import { PasswordInput } from "~/components/auth/password-input";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/sonner";
import type { ActionFailure } from "~/lib/action-answer";
import { fieldErrors } from "~/lib/validation/fields";

/** What the two-factor forms post (useMemberAction's body). */
type Body = Record<string, string>;

/**
 * Refusals: field messages under the inputs, the rest as a toast. `refuse` reports a server's
 * refusal; `submitWith` checks the form with its schema before posting it.
 */
export function useProblems(title: string) {
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const report = React.useCallback(
    (problems: Record<string, string>, message?: string) => {
      setErrors(problems);
      toast.error(title, { description: message ?? Object.values(problems)[0] });
    },
    [title],
  );
  const refuse = (answer: ActionFailure) => report(answer.fieldErrors ?? {}, answer.error);
  const submitWith =
    <T extends Body>(schema: z.ZodType<T>, input: unknown, send: (data: T) => void) =>
    (event: React.FormEvent) => {
      event.preventDefault();
      const parsed = schema.safeParse(input);
      if (!parsed.success) return report(fieldErrors(parsed.error));
      setErrors({});
      send(parsed.data);
    };
  return { errors, setErrors, refuse, submitWith };
}

/** Calls `reset` each time the dialog opens, so nothing of an earlier opening stays on screen. */
export function useResetOnOpen(open: boolean, reset: () => void) {
  const latest = React.useRef(reset);
  React.useEffect(() => {
    latest.current = reset;
  });
  React.useEffect(() => {
    if (open) latest.current();
  }, [open]);
}

/** The dialog every two-factor step shows in; closing it (Escape, outside, the ×) calls `onClose`. */
export function TwoFactorDialog({ open, onClose, children }: { open: boolean; onClose: () => void; children: React.ReactNode }) {
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

export function PasswordField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <FormField id={id} label="Password" error={error}>
      <PasswordInput id={id} autoComplete="current-password" value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={Boolean(error) || undefined} />
    </FormField>
  );
}
