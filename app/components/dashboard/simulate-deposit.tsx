import { FlaskConicalIcon } from "lucide-react";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import { creditedText, type PaidOrderSummary } from "~/lib/billing/money-messages";
import { SIMULATED_DEPOSIT_PATH, simulatedDepositSchema } from "~/lib/validation/dashboard/simulated-deposit";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

/**
 * The deposit dialog's "Simulate a deposit" (outside production only): credits the balance as
 * if USDT had arrived at the member's address, through the deposit watcher's own code, and
 * marked simulated in billing history. For trying the site without a TRON wallet.
 */
export function SimulateDeposit() {
  const form = useForm({ initial: { amount: "100" }, refusal: "Deposit not simulated" });
  const { submit, busy } = useMemberAction<
    ActionAnswer<{ amount: string; balance: string; paidOrder: PaidOrderSummary | null }>
  >(
    (answer) => {
      if (answer.ok) {
        toast.success(answer.paidOrder ? "Simulated deposit credited, order paid" : "Simulated deposit credited", {
          description: creditedText(answer),
        });
      } else form.refuse(answer);
    },
    { action: SIMULATED_DEPOSIT_PATH },
  );
  return (
    <section
      aria-labelledby="simulate-deposit-title"
      data-slot="simulate-deposit"
      className="grid gap-3 rounded-md border border-dashed p-4"
    >
      <h3 id="simulate-deposit-title" className="flex items-center gap-2 font-medium">
        <FlaskConicalIcon className="size-4" aria-hidden="true" />
        Simulate a deposit
      </h3>
      <p className="text-sm text-muted-foreground">
        This server is not a production one: try the site without a TRON wallet. The amount is credited as if it had
        arrived at your address, and billing history shows it as simulated.
      </p>
      <form onSubmit={form.submit(simulatedDepositSchema, submit)} className="grid gap-3" noValidate>
        <FormField id="simulate-deposit-amount" label="Amount (USDT)" error={form.errors.amount}>
          <Input id="simulate-deposit-amount" inputMode="numeric" autoComplete="off" {...form.field("amount")} />
        </FormField>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Simulating..." : "Simulate a deposit"}
        </Button>
      </form>
    </section>
  );
}
