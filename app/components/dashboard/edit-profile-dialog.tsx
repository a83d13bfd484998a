import { useForm } from "~/components/forms/use-form";
import { useResetOnOpen } from "~/components/forms/use-reset-on-open";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import { profileSchema } from "~/lib/validation/dashboard/profile";
import { useDashboard } from "./dashboard-context";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

/** "Change user information": first and last name editable; email and Telegram read-only. */
export function EditProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { profile } = useDashboard();
  const form = useForm({ initial: { firstName: profile.firstName, lastName: profile.lastName } });
  // Every opening starts from what is saved.
  useResetOnOpen(open, () => form.reset());

  const { submit, busy } = useMemberAction<ActionAnswer>(
    (answer) => {
      if (answer.ok) {
        toast.success("Your information has been updated successfully.");
        onOpenChange(false);
      } else {
        form.refuse({ ...answer, error: answer.error ?? "Failed to update your information. Please try again." });
      }
    },
    { action: "/api/dashboard/profile" },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change user information</DialogTitle>
          <DialogDescription>
            Your email and Telegram username are changed from their own cards in User Info.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.submit(profileSchema, submit)} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="profile-first-name" label="First Name" error={form.errors.firstName}>
              <Input id="profile-first-name" autoComplete="given-name" maxLength={100} {...form.field("firstName")} />
            </FormField>
            <FormField id="profile-last-name" label="Last Name" error={form.errors.lastName}>
              <Input id="profile-last-name" autoComplete="family-name" maxLength={100} {...form.field("lastName")} />
            </FormField>
          </div>
          <FormField id="profile-email" label="Email">
            <Input
              id="profile-email"
              value={profile.email}
              readOnly
              aria-readonly="true"
              className="bg-muted text-muted-foreground dark:bg-muted"
            />
          </FormField>
          <FormField id="profile-telegram" label="Telegram">
            <Input
              id="profile-telegram"
              value={profile.telegramUsername ? `@${profile.telegramUsername}` : ""}
              readOnly
              aria-readonly="true"
              className="bg-muted text-muted-foreground dark:bg-muted"
            />
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
