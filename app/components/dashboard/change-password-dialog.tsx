import * as React from "react";
import { PasswordInput } from "~/components/auth/password-input";
import { useForm, type Refusal } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/sonner";
import { PASSWORD_HINT } from "~/lib/validation/auth/password-policy";
import { changePasswordSchema } from "~/lib/validation/dashboard/profile";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** The reset screen's titles: "Weak password" for the policy, "Passwords don't match". */
function announce({ error, fieldErrors }: Refusal) {
  if (fieldErrors.newPassword) toast.error("Weak password", { description: fieldErrors.newPassword });
  else if (fieldErrors.confirmPassword)
    toast.error("Passwords don't match", { description: "Please make sure both passwords are the same." });
  else toast.error("Password not changed", { description: error ?? Object.values(fieldErrors)[0] });
}

/** The working CHANGE PASSWORD: the one password policy, and other sessions signed out. */
export function ChangePasswordDialog() {
  const [open, setOpen] = React.useState(false);
  const form = useForm({ initial: empty, refusal: announce });

  const { submit, busy } = useMemberAction<ActionAnswer>(
    (answer) => {
      if (answer.ok) {
        toast.success("Password updated!", { description: "Your other sessions have been signed out." });
        setOpen(false);
      } else {
        form.refuse(answer);
      }
    },
    { action: "/api/dashboard/password" },
  );

  const field = (key: keyof typeof empty, label: string, autoComplete: string) => (
    <FormField
      id={`password-${key}`}
      label={label}
      error={form.errors[key]}
      hint={key === "newPassword" ? PASSWORD_HINT : undefined}
    >
      <PasswordInput id={`password-${key}`} autoComplete={autoComplete} {...form.field(key)} />
    </FormField>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset();
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
          <DialogDescription>
            Other browsers and devices signed in to your account will be signed out.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.submit(changePasswordSchema, submit)} className="grid gap-4" noValidate>
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
