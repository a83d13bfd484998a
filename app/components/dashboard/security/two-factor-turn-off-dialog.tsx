import { useForm } from "~/components/forms/use-form";
import { useResetOnOpen } from "~/components/forms/use-reset-on-open";
import { toast } from "~/components/ui/sonner";
import { twoFactorDisableSchema } from "~/lib/validation/auth/two-factor";
import { useMemberAction, type ActionAnswer } from "../use-member-action";
import { CodeOrBackupCodeField, DialogForm, PasswordField, TwoFactorDialog } from "./two-factor-dialog";

/** Turning two-factor off: the password and a code from the app, or a backup code. */
export function TurnOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm({ initial: { password: "", code: "" }, refusal: "Two-factor authentication not turned off" });
  const turnOff = useMemberAction<ActionAnswer>(
    (answer) => {
      if (answer.ok) {
        toast.success("Two-factor authentication is off", { description: "Your other sessions have been signed out." });
        onClose();
      } else form.refuse(answer);
    },
    { action: "/api/dashboard/two-factor/disable" },
  );
  useResetOnOpen(open, () => form.reset());
  return (
    <TwoFactorDialog open={open} onClose={onClose}>
      <DialogForm
        title="Turn off two-factor authentication"
        description="Enter your password and a code from your authenticator app, or one of your backup codes."
        onSubmit={form.submit(twoFactorDisableSchema, turnOff.submit)}
        action={{ label: "Turn off", busyLabel: "Turning off...", busy: turnOff.busy, variant: "destructive" }}
      >
        <PasswordField
          id="two-factor-off-password"
          value={form.values.password}
          onChange={(password) => form.setValue("password", password)}
          error={form.errors.password}
        />
        <CodeOrBackupCodeField id="two-factor-off-code" error={form.errors.code} {...form.field("code")} />
      </DialogForm>
    </TwoFactorDialog>
  );
}
