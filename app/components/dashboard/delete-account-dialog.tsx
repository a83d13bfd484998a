import * as React from "react";
import { postJson } from "~/components/forms/post-json";
import { useForm } from "~/components/forms/use-form";
import { useResetOnOpen } from "~/components/forms/use-reset-on-open";
import { deleteAccountSchema } from "~/lib/validation/dashboard/account";
import { useDashboard } from "./dashboard-context";
import { formatBalance } from "./format";
import { CodeOrBackupCodeField, DialogForm, PasswordField, TwoFactorDialog } from "./security/two-factor-dialog";
import { useEndSession } from "./session-state";

/**
 * Deleting the account: what happens, said before anything is asked, then the password (and a
 * code when two-factor is on). Posted with `postJson` rather than a fetcher: after a deletion the
 * dashboard must not reload its own data (the session is gone); the browser loads the home page
 * afresh instead, which shows the server's "deleted" toast.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { profile, balance } = useDashboard();
  const endSession = useEndSession();
  const form = useForm({ initial: { password: "", code: "" }, refusal: "Account not deleted" });
  const [busy, setBusy] = React.useState(false);
  useResetOnOpen(open, () => form.reset());
  const send = async (input: { password: string; code?: string }) => {
    setBusy(true);
    const answer = await postJson<{ deleted: boolean }>("/api/dashboard/delete-account", input);
    if (answer.ok) {
      window.location.assign("/");
      return;
    }
    setBusy(false);
    if (answer.signedOut && endSession) return endSession(answer.error);
    form.refuse(answer);
  };
  return (
    <TwoFactorDialog open={open} onClose={onClose}>
      <DialogForm
        title="Delete your account"
        description="This cannot be undone. Read what happens, then confirm with your password."
        onSubmit={form.submit(deleteAccountSchema, (input) => void send(input))}
        action={{ label: "Delete my account", busyLabel: "Deleting...", busy, variant: "destructive" }}
      >
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          <li>You are signed out everywhere and cannot sign in again. Your email can open a new account later.</li>
          <li>Your name, email, Telegram link, passkeys and two-factor settings are erased.</li>
          <li>Your subscriptions end now, and the bot removes you from their Telegram channels.</li>
          <li>
            Your payments, invoices and deposit address are kept without your name, as bookkeeping requires. Your
            balance of {formatBalance(balance)} stays in those books and can no longer be used: ask support about it
            before you delete.
          </li>
        </ul>
        <PasswordField
          id="delete-account-password"
          value={form.values.password}
          onChange={(password) => form.setValue("password", password)}
          error={form.errors.password}
        />
        {profile.twoFactorEnabled ? (
          <CodeOrBackupCodeField id="delete-account-code" error={form.errors.code} {...form.field("code")} />
        ) : null}
      </DialogForm>
    </TwoFactorDialog>
  );
}
