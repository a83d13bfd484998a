import * as React from "react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
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
import type { ActionAnswer } from "~/lib/action-answer";
import { fixTelegramSchema } from "~/lib/validation/admin/member-page";

type FixAnswer = ActionAnswer<{ emailed: boolean; removed: number; removalFailed: number }>;

/**
 * "Fix username": support types the right Telegram username (the sign-up's rule). Saving resets
 * the verification, emails the member and takes them out of their chats until they verify again.
 */
export function MemberTelegramFix({ memberId, current }: { memberId: string; current: string | null }) {
  const [open, setOpen] = React.useState(false);
  const form = useForm<{ telegram: string }>({
    initial: { telegram: current ?? "" },
    clearOnChange: true,
    refusal: ({ error }) => error !== undefined && toast.error("Username not changed", { description: error }),
  });
  const { reset } = form;
  React.useEffect(() => {
    if (open) reset({ telegram: current ?? "" });
  }, [open, current, reset]);
  const { submit, busy } = useStaffAction<FixAnswer>(
    (answer) => {
      if (!answer.ok) return form.refuse(answer);
      setOpen(false);
      const removed = answer.removed === 1 ? "removed from 1 chat" : `removed from ${answer.removed} chats`;
      toast.success("Telegram username changed", {
        description: `${answer.emailed ? "The member is emailed" : "The email could not be sent"}; ${removed}.`,
      });
    },
    { action: `/api/admin/members/${encodeURIComponent(memberId)}/telegram` },
  );
  const save = form.submit(fixTelegramSchema, () => submit({ telegram: form.values.telegram }));
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Fix username
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Fix the Telegram username</DialogTitle>
            <DialogDescription>
              The member must verify their Telegram account again: they are emailed, and the bot takes them out of every
              chat until they do.
            </DialogDescription>
          </DialogHeader>
          {/* Unnamed: the dialog's title names it, and its one field is "Telegram username". */}
          <form onSubmit={save} noValidate className="grid gap-4">
            <FormField id="member-telegram" label="Telegram username" error={form.errors.telegram}>
              <Input
                id="member-telegram"
                autoComplete="off"
                {...form.field("telegram")}
                aria-describedby={form.errors.telegram ? "member-telegram-error" : undefined}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving…" : "Save and reset verification"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
