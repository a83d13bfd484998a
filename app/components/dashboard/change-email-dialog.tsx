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
import { changeEmailSchema } from "~/lib/validation/auth/email-auth";
import { useDashboard } from "./dashboard-context";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

/**
 * User Info → Email → edit: the new address gets a confirmation link, and nothing
 * changes until it is used; the old address is told afterwards. Only from a verified address.
 */
export function ChangeEmailDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { profile } = useDashboard();
  const form = useForm({ initial: { email: "" }, refusal: "Email not changed" });
  useResetOnOpen(open, () => form.reset());

  const { submit, busy } = useMemberAction<ActionAnswer<{ email: string; message: string }>>(
    (answer) => {
      if (answer.ok) {
        toast.success("Confirmation sent", { description: `${answer.message} (${answer.email})` });
        onOpenChange(false);
      } else {
        form.refuse(answer);
      }
    },
    { action: "/api/dashboard/email" },
  );

  const resend = useMemberAction<ActionAnswer<{ message: string }>>(
    (answer) => {
      if (answer.ok) toast.success("Email sent", { description: answer.message });
      else toast.error("Email not sent", { description: answer.error });
    },
    { action: "/api/dashboard/email-verification" },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change email</DialogTitle>
          <DialogDescription>
            {profile.emailVerified
              ? "We send a link to the new address; your email changes when you open it. We also tell your " +
                "current address."
              : "Verify your current email address before changing it: use the link we sent you."}
          </DialogDescription>
        </DialogHeader>
        {profile.emailVerified ? (
          <form onSubmit={form.submit(changeEmailSchema, submit)} className="grid gap-4" noValidate>
            <FormField id="change-email-current" label="Current email">
              <Input
                id="change-email-current"
                value={profile.email}
                readOnly
                aria-readonly="true"
                className="bg-muted text-muted-foreground dark:bg-muted"
              />
            </FormField>
            <FormField id="change-email-new" label="New email" error={form.errors.email}>
              <Input id="change-email-new" type="email" autoComplete="email" {...form.field("email")} />
            </FormField>
            <DialogFooter>
              <Button type="submit" disabled={busy}>
                {busy ? "Sending..." : "Send confirmation link"}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <DialogFooter>
            <Button type="button" variant="outline" disabled={resend.busy} onClick={() => resend.submit({})}>
              {resend.busy ? "Sending..." : "Resend verification email"}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
