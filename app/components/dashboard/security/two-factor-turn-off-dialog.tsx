import * as React from "react";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import { twoFactorDisableSchema } from "~/lib/validation/auth/two-factor";
import { useMemberAction, type ActionAnswer } from "../use-member-action";
import { DialogForm, PasswordField, TwoFactorDialog, useProblems, useResetOnOpen } from "./two-factor-dialog";

/** Turning two-factor off: the password and a code from the app, or a backup code. */
export function TurnOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = React.useState({ password: "", code: "" });
  const { errors, setErrors, refuse, submitWith } = useProblems("Two-factor authentication not turned off");
  const turnOff = useMemberAction<ActionAnswer>("/api/dashboard/two-factor/disable", (answer) => {
    if (answer.ok) {
      toast.success("Two-factor authentication is off", { description: "Your other sessions have been signed out." });
      onClose();
    } else refuse(answer);
  });
  useResetOnOpen(open, () => {
    setValues({ password: "", code: "" });
    setErrors({});
  });
  return (
    <TwoFactorDialog open={open} onClose={onClose}>
      <DialogForm
        title="Turn off two-factor authentication"
        description="Enter your password and a code from your authenticator app, or one of your backup codes."
        onSubmit={submitWith(twoFactorDisableSchema, values, turnOff.submit)}
        action={{ label: "Turn off", busyLabel: "Turning off...", busy: turnOff.busy, variant: "destructive" }}
      >
        <PasswordField id="two-factor-off-password" value={values.password} onChange={(password) => setValues((v) => ({ ...v, password }))} error={errors.password} />
        <FormField id="two-factor-off-code" label="Code or backup code" error={errors.code}>
          <Input
            id="two-factor-off-code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            value={values.code}
            onChange={(event) => setValues((v) => ({ ...v, code: event.target.value }))}
            aria-invalid={Boolean(errors.code) || undefined}
          />
        </FormField>
      </DialogForm>
    </TwoFactorDialog>
  );
}
