import * as React from "react";
import { useForm } from "~/components/forms/use-form";
import { useResetOnOpen } from "~/components/forms/use-reset-on-open";
import { toast } from "~/components/ui/sonner";
import { twoFactorPasswordSchema } from "~/lib/validation/auth/two-factor";
import { useMemberAction, type ActionAnswer } from "../use-member-action";
import { BackupCodesView } from "./two-factor-backup-codes";
import { DialogForm, PasswordField, TwoFactorDialog } from "./two-factor-dialog";

type Codes = ActionAnswer<{ backupCodes: string[] }>;

/** New backup codes (password): the ten new ones replace the old, shown once. */
export function NewCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm({ initial: { password: "" }, refusal: "No new backup codes" });
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const regenerate = useMemberAction<Codes>(
    (answer) => {
      if (answer.ok) {
        setCodes(answer.backupCodes);
        toast.success("New backup codes made", {
          description: "Your old codes no longer work. Your other sessions have been signed out.",
        });
      } else form.refuse(answer);
    },
    { action: "/api/dashboard/two-factor/backup-codes" },
  );
  useResetOnOpen(open, () => {
    form.reset();
    setCodes(null);
  });
  return (
    <TwoFactorDialog open={open} onClose={onClose}>
      {codes ? (
        <BackupCodesView codes={codes} onDone={onClose} />
      ) : (
        <DialogForm
          title="New backup codes"
          description="Enter your password. Ten new codes replace your current ones, which stop working."
          onSubmit={form.submit(twoFactorPasswordSchema, regenerate.submit)}
          action={{ label: "Make new codes", busyLabel: "Making codes...", busy: regenerate.busy }}
        >
          <PasswordField
            id="two-factor-codes-password"
            value={form.values.password}
            onChange={(password) => form.setValue("password", password)}
            error={form.errors.password}
          />
        </DialogForm>
      )}
    </TwoFactorDialog>
  );
}
