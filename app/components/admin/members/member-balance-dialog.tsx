import * as React from "react";
import { useStaffAction } from "~/components/admin/use-staff-action";
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
  DialogTrigger,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { balanceAdjustedText } from "~/lib/billing/money-messages";
import { memberBalanceSchema } from "~/lib/validation/admin/member-actions";

type Direction = "credit" | "debit";
type Values = { amount: string; reason: string };

/** A fresh idempotency key: one per opening of the dialog, so a double submit posts once. */
const newKey = () => crypto.randomUUID().replaceAll("-", "");

/**
 * Credit or debit the member's balance (money.write). The key is made when the dialog opens;
 * both clicks of a double click carry it, and the server posts one ledger row for it.
 */
export function MemberBalanceDialog({ memberId, direction }: { memberId: string; direction: Direction }) {
  const [open, setOpen] = React.useState(false);
  const [key, setKey] = React.useState(newKey);
  const form = useForm<Values>({
    initial: { amount: "", reason: "" },
    clearOnChange: true,
    refusal: direction === "credit" ? "Balance not credited" : "Balance not debited",
  });
  useResetOnOpen(open, () => {
    form.reset();
    setKey(newKey());
  });
  const { submit, busy } = useStaffAction<ActionAnswer<Omit<Parameters<typeof balanceAdjustedText>[0], "direction">>>(
    (answer) => {
      if (!answer.ok) return form.refuse(answer);
      // What moved, the open order a credit paid, and the balance now: all from the server's answer.
      toast.success(direction === "credit" ? "Balance credited" : "Balance debited", {
        description: balanceAdjustedText({ ...answer, direction }),
      });
      setOpen(false);
    },
    { action: `/api/admin/members/${encodeURIComponent(memberId)}/balance` },
  );
  const body = { direction, amount: form.values.amount, reason: form.values.reason, key };
  const send = form.submit(memberBalanceSchema, () => submit(body), body);
  const id = `member-${direction}`;
  const label = direction === "credit" ? "Credit" : "Debit";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant={direction === "credit" ? "default" : "outline"}>
          {label} balance
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={send} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{label} the balance</DialogTitle>
            <DialogDescription>
              {direction === "credit"
                ? "Adds USDT to the member's balance, with a ledger entry and a billing row."
                : "Takes USDT from the member's balance; it never goes below zero."}
            </DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-amount`} label="Amount (USDT)" error={form.errors.amount}>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              {...form.field("amount")}
              aria-describedby={form.errors.amount ? `${id}-amount-error` : undefined}
            />
          </FormField>
          <FormField id={`${id}-reason`} label="Reason" error={form.errors.reason}>
            <Input
              id={`${id}-reason`}
              {...form.field("reason")}
              aria-describedby={form.errors.reason ? `${id}-reason-error` : undefined}
            />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
