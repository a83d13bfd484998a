import * as React from "react";
import { useForm } from "~/components/forms/use-form";
import { useResetOnOpen } from "~/components/forms/use-reset-on-open";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { QrCode } from "~/components/ui/qr-code";
import { toast } from "~/components/ui/sonner";
import { twoFactorConfirmSchema, twoFactorPasswordSchema } from "~/lib/validation/auth/two-factor";
import type { QrImage } from "~/lib/view-types/member";
import { useMemberAction, type ActionAnswer } from "../use-member-action";
import { BackupCodesView } from "./two-factor-backup-codes";
import { DialogForm, PasswordField, TwoFactorDialog } from "./two-factor-dialog";

type Setup = ActionAnswer<{ qr: QrImage; secret: string; totpUri: string }>;
type Codes = ActionAnswer<{ backupCodes: string[] }>;

const REFUSED = "Two-factor authentication not turned on";

/**
 * Turning two-factor on: the password, then the QR code and the secret (shown once) and a code
 * from the app to confirm; then the ten backup codes, shown once and downloadable.
 */
export function TurnOnDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const passwordForm = useForm({ initial: { password: "" }, refusal: REFUSED });
  const codeForm = useForm({ initial: { code: "" }, refusal: REFUSED });
  const [setup, setSetup] = React.useState<{ qr: QrImage; secret: string } | null>(null);
  const [codes, setCodes] = React.useState<string[] | null>(null);

  const start = useMemberAction<Setup>(
    (answer) => {
      if (answer.ok) {
        setSetup({ qr: answer.qr, secret: answer.secret });
        codeForm.reset();
      } else passwordForm.refuse(answer);
    },
    { action: "/api/dashboard/two-factor/enable" },
  );
  const confirm = useMemberAction<Codes>(
    (answer) => {
      if (answer.ok) {
        // The secret is never shown again; the codes now, once.
        setSetup(null);
        setCodes(answer.backupCodes);
        toast.success("Two-factor authentication is on", { description: "Your other sessions have been signed out." });
      } else codeForm.refuse(answer);
    },
    { action: "/api/dashboard/two-factor/confirm" },
  );

  // Each opening starts afresh: nothing of an earlier set-up (secret, codes) stays on screen.
  useResetOnOpen(open, () => {
    passwordForm.reset();
    codeForm.reset();
    setSetup(null);
    setCodes(null);
  });

  return (
    <TwoFactorDialog open={open} onClose={onClose}>
      {codes ? (
        <BackupCodesView codes={codes} onDone={onClose} />
      ) : setup ? (
        <DialogForm
          title="Scan the QR code"
          description={
            "Scan it with your authenticator app, or type the secret key in, then enter the 6-digit " +
            "code the app shows."
          }
          onSubmit={codeForm.submit(twoFactorConfirmSchema, confirm.submit)}
          action={{ label: "Turn on", busyLabel: "Verifying...", busy: confirm.busy }}
        >
          <SetupKey qr={setup.qr} secret={setup.secret} />
          <FormField id="two-factor-code" label="Code from the app" error={codeForm.errors.code}>
            <Input
              id="two-factor-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              {...codeForm.field("code")}
            />
          </FormField>
        </DialogForm>
      ) : (
        <DialogForm
          title="Turn on two-factor authentication"
          description="Enter your password to set up an authenticator app."
          onSubmit={passwordForm.submit(twoFactorPasswordSchema, start.submit)}
          action={{ label: "Continue", busyLabel: "Checking...", busy: start.busy }}
        >
          <PasswordField
            id="two-factor-on-password"
            value={passwordForm.values.password}
            onChange={(password) => passwordForm.setValue("password", password)}
            error={passwordForm.errors.password}
          />
        </DialogForm>
      )}
    </TwoFactorDialog>
  );
}

/** The new secret, shown once: as a QR code to scan and as the key to type in. */
function SetupKey({ qr, secret }: { qr: QrImage; secret: string }) {
  return (
    <>
      <QrCode qr={qr} label="QR code for your authenticator app" className="mx-auto size-48 rounded-md bg-white" />
      <div className="grid gap-1.5">
        <span id="two-factor-secret-label" className="text-sm font-medium">
          Secret key
        </span>
        <code
          aria-labelledby="two-factor-secret-label"
          data-testid="two-factor-secret"
          className="rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
        >
          {secret}
        </code>
      </div>
    </>
  );
}
