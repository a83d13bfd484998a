import * as React from "react";
import { FormField } from "~/components/ui/form-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import { fieldErrors } from "~/lib/validation/fields";
import { profileSchema } from "~/lib/validation/dashboard/profile";
import { useDashboard } from "./dashboard-context";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

/** "Change user information": first and last name editable; email and Telegram read-only. */
export function EditProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { profile } = useDashboard();
  const [values, setValues] = React.useState({ firstName: profile.firstName, lastName: profile.lastName });
  const [errors, setErrors] = React.useState<Record<string, string>>({});

  // Every opening starts from what is saved.
  React.useEffect(() => {
    if (open) {
      setValues({ firstName: profile.firstName, lastName: profile.lastName });
      setErrors({});
    }
  }, [open, profile.firstName, profile.lastName]);

  const { submit, busy } = useMemberAction<ActionAnswer>("/api/dashboard/profile", (answer) => {
    if (answer.ok) {
      toast.success("Your information has been updated successfully.");
      onOpenChange(false);
    } else {
      setErrors(answer.fieldErrors ?? {});
      toast.error(answer.error ?? "Failed to update your information. Please try again.");
    }
  });

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error);
      setErrors(problems);
      toast.error(Object.values(problems)[0]!);
      return;
    }
    submit(parsed.data);
  };

  const set = (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change user information</DialogTitle>
          <DialogDescription>Your email and Telegram username cannot be changed here.</DialogDescription>
        </DialogHeader>
        <form onSubmit={save} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="profile-first-name" label="First Name" error={errors.firstName}>
              <Input id="profile-first-name" autoComplete="given-name" maxLength={100} value={values.firstName} onChange={set("firstName")} aria-invalid={Boolean(errors.firstName) || undefined} />
            </FormField>
            <FormField id="profile-last-name" label="Last Name" error={errors.lastName}>
              <Input id="profile-last-name" autoComplete="family-name" maxLength={100} value={values.lastName} onChange={set("lastName")} aria-invalid={Boolean(errors.lastName) || undefined} />
            </FormField>
          </div>
          <FormField id="profile-email" label="Email">
            <Input id="profile-email" value={profile.email} readOnly aria-readonly="true" className="bg-muted text-muted-foreground dark:bg-muted" />
          </FormField>
          <FormField id="profile-telegram" label="Telegram">
            <Input id="profile-telegram" value={profile.telegramUsername ? `@${profile.telegramUsername}` : ""} readOnly aria-readonly="true" className="bg-muted text-muted-foreground dark:bg-muted" />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
