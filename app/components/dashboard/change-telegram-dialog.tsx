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
import { changeTelegramSchema } from "~/lib/validation/dashboard/profile";
import { useDashboard } from "./dashboard-context";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

type TelegramAnswer = ActionAnswer<{ telegramUsername: string; verificationReset: boolean }>;

/**
 * User Info → Telegram Account → edit: the member corrects their Telegram username. A new one
 * is verified again, and a verified member is told first that their chat access waits for it.
 */
export function ChangeTelegramDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { profile } = useDashboard();
  const form = useForm({ initial: { telegramUsername: profile.telegramUsername ?? "" }, refusal: "inline" });
  useResetOnOpen(open, () => form.reset());

  const { submit, busy } = useMemberAction<TelegramAnswer>(
    (answer) => {
      if (answer.ok) {
        toast.success("Your Telegram username has been updated.", {
          description: answer.verificationReset
            ? `Verify @${answer.telegramUsername} with a new code to get your access.`
            : undefined,
        });
        onOpenChange(false);
      } else {
        form.refuse(answer);
      }
    },
    { action: "/api/dashboard/telegram" },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change Telegram username</DialogTitle>
          <DialogDescription>
            Your Telegram username is how our bot knows you: it must be exactly the one in your Telegram settings.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.submit(changeTelegramSchema, submit)} className="grid gap-4" noValidate>
          <FormField id="change-telegram-username" label="Telegram username" error={form.errors.telegramUsername}>
            <Input
              id="change-telegram-username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={33}
              {...form.field("telegramUsername")}
            />
          </FormField>
          {profile.telegramVerified ? (
            <p role="note" className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
              Your current username is verified. A new one must be verified again, and you are out of your Telegram
              channels until it is.
            </p>
          ) : null}
          {form.error ? (
            <p role="alert" className="text-sm text-destructive">
              {form.error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save username"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
