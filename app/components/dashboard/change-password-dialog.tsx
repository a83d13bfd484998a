import * as React from "react";
import { FormField } from "~/components/ui/form-field";
import { PasswordInput } from "~/components/auth/password-input";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { toast } from "~/components/ui/sonner";
import { fieldErrors } from "~/lib/validation/fields";
import { PASSWORD_HINT } from "~/lib/validation/auth/password";
import { changePasswordSchema } from "~/lib/validation/dashboard/profile";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** The working CHANGE PASSWORD: the one policy, and other sessions signed out. */
export function ChangePasswordDialog() {
  const [open, setOpen] = React.useState(false);
  const [values, setValues] = React.useState(empty);
  const [errors, setErrors] = React.useState<Record<string, string>>({});

  const report = (problems: Record<string, string>, message?: string) => {
    setErrors(problems);
    // The reset screen's titles: "Weak password" for the policy, "Passwords don't match".
    if (problems.newPassword) toast.error("Weak password", { description: problems.newPassword });
    else if (problems.confirmPassword) toast.error("Passwords don't match", { description: "Please make sure both passwords are the same." });
    else toast.error("Password not changed", { description: message ?? Object.values(problems)[0] });
  };

  const { submit, busy } = useMemberAction<ActionAnswer>("/api/dashboard/password", (answer) => {
    if (answer.ok) {
      toast.success("Password updated!", { description: "Your other sessions have been signed out." });
      setOpen(false);
    } else {
      report(answer.fieldErrors ?? {}, answer.error);
    }
  });

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) return report(fieldErrors(parsed.error));
    setErrors({});
    submit(parsed.data);
  };

  const set = (key: keyof typeof empty) => (event: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: event.target.value }));
  const field = (key: keyof typeof empty, label: string, autoComplete: string) => (
    <FormField id={`password-${key}`} label={label} error={errors[key]} hint={key === "newPassword" ? PASSWORD_HINT : undefined}>
      <PasswordInput id={`password-${key}`} autoComplete={autoComplete} value={values[key]} onChange={set(key)} aria-invalid={Boolean(errors[key]) || undefined} />
    </FormField>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setValues(empty);
          setErrors({});
        }
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          CHANGE PASSWORD
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change password</DialogTitle>
          <DialogDescription>Other browsers and devices signed in to your account will be signed out.</DialogDescription>
        </DialogHeader>
        <form onSubmit={save} className="grid gap-4" noValidate>
          {field("currentPassword", "Current password", "current-password")}
          {field("newPassword", "New password", "new-password")}
          {field("confirmPassword", "Confirm new password", "new-password")}
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Updating..." : "Update password"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
