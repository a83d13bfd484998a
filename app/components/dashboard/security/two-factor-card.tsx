import * as React from "react";
import { CopyIcon, DownloadIcon, ShieldCheckIcon } from "lucide-react";
import { PasswordInput } from "~/components/auth/password-input";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import { fieldErrors } from "~/lib/validation/fields";
import { twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorPasswordSchema } from "~/lib/validation/two-factor";
import type { QrImage } from "~/lib/view-types/member";
import { useDashboard } from "../dashboard-context";
import { useMemberAction, type ActionAnswer } from "../use-member-action";

type Setup = ActionAnswer<{ qr: QrImage; secret: string; totpUri: string }>;
type Codes = ActionAnswer<{ backupCodes: string[] }>;
type Dialogs = "turn-on" | "new-codes" | "turn-off" | null;

/**
 * User Info → Security → Two-factor authentication (issue #15). Turning on: the password, then
 * the QR code and the secret (shown once) and a code from the app to confirm; then the ten
 * backup codes, shown once and downloadable. When on: new backup codes (password) and turning
 * off (password and a code). Each change signs out the member's other sessions.
 */
export function TwoFactorCard() {
  const { profile } = useDashboard();
  const [open, setOpen] = React.useState<Dialogs>(null);
  const close = () => setOpen(null);
  const on = profile.twoFactorEnabled;

  return (
    <Card role="group" aria-labelledby="two-factor-heading">
      <CardHeader>
        <CardTitle>
          <h3 id="two-factor-heading" className="flex items-center gap-2 text-base font-semibold">
            <ShieldCheckIcon className="size-4" aria-hidden="true" />
            Two-factor authentication
            {on ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>}
          </h3>
        </CardTitle>
        <CardDescription>
          {on
            ? "Signing in asks for a code from your authenticator app, or one of your backup codes."
            : "Protect your account with a code from an authenticator app each time you sign in."}
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        {on ? "Keep your backup codes somewhere safe: each one signs you in once if you lose your device." : "Works with Google Authenticator, 1Password, Authy and other authenticator apps."}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {on ? (
          <>
            <Button type="button" variant="outline" onClick={() => setOpen("new-codes")}>
              New backup codes
            </Button>
            <Button type="button" variant="outline" onClick={() => setOpen("turn-off")}>
              Turn off
            </Button>
          </>
        ) : (
          <Button type="button" onClick={() => setOpen("turn-on")}>
            Turn on
          </Button>
        )}
      </CardFooter>
      <TurnOnDialog open={open === "turn-on"} onClose={close} />
      <NewCodesDialog open={open === "new-codes"} onClose={close} />
      <TurnOffDialog open={open === "turn-off"} onClose={close} />
    </Card>
  );
}

/** Refusals: field messages under the inputs, the rest as a toast. */
function useProblems(title: string) {
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const report = React.useCallback(
    (problems: Record<string, string>, message?: string) => {
      setErrors(problems);
      toast.error(title, { description: message ?? Object.values(problems)[0] });
    },
    [title],
  );
  return { errors, setErrors, report };
}

function TurnOnDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = React.useState("");
  const [code, setCode] = React.useState("");
  const [setup, setSetup] = React.useState<{ qr: QrImage; secret: string } | null>(null);
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const { errors, setErrors, report } = useProblems("Two-factor authentication not turned on");

  const start = useMemberAction<Setup>("/api/dashboard/two-factor/enable", (answer) => {
    if (answer.ok) {
      setSetup({ qr: answer.qr, secret: answer.secret });
      setErrors({});
    } else report(answer.fieldErrors ?? {}, answer.error);
  });
  const confirm = useMemberAction<Codes>("/api/dashboard/two-factor/confirm", (answer) => {
    if (answer.ok) {
      // The secret is never shown again; the codes now, once.
      setSetup(null);
      setCodes(answer.backupCodes);
      toast.success("Two-factor authentication is on", { description: "Your other sessions have been signed out." });
    } else report(answer.fieldErrors ?? {}, answer.error);
  });

  // Each opening starts afresh: nothing of an earlier set-up (secret, codes) stays on screen.
  React.useEffect(() => {
    if (!open) return;
    setPassword("");
    setCode("");
    setSetup(null);
    setCodes(null);
    setErrors({});
  }, [open, setErrors]);

  const submitPassword = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorPasswordSchema.safeParse({ password });
    if (!parsed.success) return report(fieldErrors(parsed.error));
    setErrors({});
    start.submit(parsed.data);
  };
  const submitCode = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorConfirmSchema.safeParse({ code });
    if (!parsed.success) return report(fieldErrors(parsed.error));
    setErrors({});
    confirm.submit(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent className="sm:max-w-md">
        {codes ? (
          <BackupCodesView codes={codes} onDone={onClose} />
        ) : setup ? (
          <>
            <DialogHeader>
              <DialogTitle>Scan the QR code</DialogTitle>
              <DialogDescription>Scan it with your authenticator app, or type the secret key in, then enter the 6-digit code the app shows.</DialogDescription>
            </DialogHeader>
            <form onSubmit={submitCode} className="grid gap-4" noValidate>
              <svg
                role="img"
                aria-label="QR code for your authenticator app"
                viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
                shapeRendering="crispEdges"
                className="mx-auto size-48 rounded-md bg-white"
              >
                <path d={setup.qr.path} fill="#000" />
              </svg>
              <div className="grid gap-1.5">
                <span id="two-factor-secret-label" className="text-sm font-medium">
                  Secret key
                </span>
                <code aria-labelledby="two-factor-secret-label" data-testid="two-factor-secret" className="rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all">
                  {setup.secret}
                </code>
              </div>
              <FormField id="two-factor-code" label="Code from the app" error={errors.code}>
                <Input
                  id="two-factor-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  aria-invalid={Boolean(errors.code) || undefined}
                />
              </FormField>
              <DialogFooter>
                <Button type="submit" disabled={confirm.busy}>
                  {confirm.busy ? "Verifying..." : "Turn on"}
                </Button>
              </DialogFooter>
            </form>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Turn on two-factor authentication</DialogTitle>
              <DialogDescription>Enter your password to set up an authenticator app.</DialogDescription>
            </DialogHeader>
            <form onSubmit={submitPassword} className="grid gap-4" noValidate>
              <PasswordField id="two-factor-on-password" value={password} onChange={setPassword} error={errors.password} />
              <DialogFooter>
                <Button type="submit" disabled={start.busy}>
                  {start.busy ? "Checking..." : "Continue"}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function NewCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = React.useState("");
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const { errors, setErrors, report } = useProblems("No new backup codes");
  const regenerate = useMemberAction<Codes>("/api/dashboard/two-factor/backup-codes", (answer) => {
    if (answer.ok) {
      setCodes(answer.backupCodes);
      toast.success("New backup codes made", { description: "Your old codes no longer work. Your other sessions have been signed out." });
    } else report(answer.fieldErrors ?? {}, answer.error);
  });
  React.useEffect(() => {
    if (!open) return;
    setPassword("");
    setCodes(null);
    setErrors({});
  }, [open, setErrors]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorPasswordSchema.safeParse({ password });
    if (!parsed.success) return report(fieldErrors(parsed.error));
    setErrors({});
    regenerate.submit(parsed.data);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent className="sm:max-w-md">
        {codes ? (
          <BackupCodesView codes={codes} onDone={onClose} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>New backup codes</DialogTitle>
              <DialogDescription>Enter your password. Ten new codes replace your current ones, which stop working.</DialogDescription>
            </DialogHeader>
            <form onSubmit={submit} className="grid gap-4" noValidate>
              <PasswordField id="two-factor-codes-password" value={password} onChange={setPassword} error={errors.password} />
              <DialogFooter>
                <Button type="submit" disabled={regenerate.busy}>
                  {regenerate.busy ? "Making codes..." : "Make new codes"}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function TurnOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = React.useState({ password: "", code: "" });
  const { errors, setErrors, report } = useProblems("Two-factor authentication not turned off");
  const turnOff = useMemberAction<ActionAnswer>("/api/dashboard/two-factor/disable", (answer) => {
    if (answer.ok) {
      toast.success("Two-factor authentication is off", { description: "Your other sessions have been signed out." });
      onClose();
    } else report(answer.fieldErrors ?? {}, answer.error);
  });
  React.useEffect(() => {
    if (!open) return;
    setValues({ password: "", code: "" });
    setErrors({});
  }, [open, setErrors]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorDisableSchema.safeParse(values);
    if (!parsed.success) return report(fieldErrors(parsed.error));
    setErrors({});
    turnOff.submit(parsed.data);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Turn off two-factor authentication</DialogTitle>
          <DialogDescription>Enter your password and a code from your authenticator app, or one of your backup codes.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
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
          <DialogFooter>
            <Button type="submit" variant="destructive" disabled={turnOff.busy}>
              {turnOff.busy ? "Turning off..." : "Turn off"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PasswordField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <FormField id={id} label="Password" error={error}>
      <PasswordInput id={id} autoComplete="current-password" value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={Boolean(error) || undefined} />
    </FormField>
  );
}

/** The ten backup codes, shown once: copy or download them as a text file. */
function BackupCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Backup codes for your account. Each code signs you in once.\n\n${codes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "backup-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success("Backup codes copied to clipboard");
    } catch {
      toast.error("Failed to copy backup codes");
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>Save your backup codes</DialogTitle>
        <DialogDescription>
          Each code signs you in once if you lose your authenticator app. They are shown only now: download or copy them and keep them safe.
        </DialogDescription>
      </DialogHeader>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Download
        </Button>
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
