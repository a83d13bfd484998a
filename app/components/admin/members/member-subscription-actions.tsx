import * as React from "react";
import { NativeSelect } from "~/components/admin/list/native-select";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { useResetOnOpen } from "~/components/forms/use-reset-on-open";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
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
import { memberSubscriptionSchema } from "~/lib/validation/admin/member-actions";
import type { MemberSubscriptionView } from "~/lib/view-types/admin/members";

const actionOf = (memberId: string) => `/api/admin/members/${encodeURIComponent(memberId)}/subscriptions`;

/** One answer handler: a toast either way, and `done` after a success. */
function useSubscriptionAction(memberId: string, success: string, failure: string, done?: () => void) {
  return useStaffAction<ActionAnswer<Record<string, unknown>>>(
    (answer) => {
      if (!answer.ok) return void toast.error(failure, { description: answer.error });
      toast.success(success);
      done?.();
    },
    { action: actionOf(memberId) },
  );
}

/** Extend, cancel at period end, cancel now: the buttons of one active subscription (members.write). */
export function SubscriptionActions({
  memberId,
  subscription,
}: {
  memberId: string;
  subscription: MemberSubscriptionView;
}) {
  const s = subscription;
  const cancelNow = useSubscriptionAction(memberId, "Subscription cancelled", "Subscription not cancelled");
  const atEnd = useSubscriptionAction(memberId, "It ends at its period end", "Subscription not changed");
  const lifetime = s.billingPeriod === "lifetime";
  return (
    <div className="flex flex-wrap gap-2">
      {lifetime ? null : <ExtendDialog memberId={memberId} subscription={s} />}
      {!lifetime && s.autorenew ? (
        <ConfirmDialog
          trigger={
            <Button type="button" size="sm" variant="outline">
              Cancel at period end
            </Button>
          }
          title={`End ${s.planName} at its period end?`}
          description={
            "Autorenew is switched off: the member keeps access until the next billing date and is not " +
            "charged again."
          }
          confirm="Cancel at period end"
          busy={atEnd.busy}
          onConfirm={() => atEnd.submit({ intent: "cancel-at-period-end", subscriptionId: s.id })}
        />
      ) : null}
      <ConfirmDialog
        trigger={
          <Button type="button" size="sm" variant="destructive">
            Cancel now
          </Button>
        }
        title={`Cancel ${s.planName} now?`}
        description={
          "The subscription ends at once and the bot removes the member from the plan's Telegram " +
          "chats. Nothing is refunded."
        }
        confirm="Cancel now"
        busyLabel="Cancelling…"
        busy={cancelNow.busy}
        destructive
        onConfirm={() => cancelNow.submit({ intent: "cancel-now", subscriptionId: s.id })}
      />
    </div>
  );
}

function ExtendDialog({ memberId, subscription }: { memberId: string; subscription: MemberSubscriptionView }) {
  const [open, setOpen] = React.useState(false);
  const form = useForm<{ days: string }>({ initial: { days: "" }, clearOnChange: true, refusal: "Not extended" });
  useResetOnOpen(open, () => form.reset());
  const { submit, busy } = useStaffAction<ActionAnswer<{ nextBillingDate: string }>>(
    (answer) => {
      if (!answer.ok) return form.refuse(answer);
      toast.success("Subscription extended");
      setOpen(false);
    },
    { action: actionOf(memberId) },
  );
  const body = { intent: "extend", subscriptionId: subscription.id, days: form.values.days };
  const id = `extend-${subscription.id}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          Extend
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <form
          onSubmit={form.submit(memberSubscriptionSchema, () => submit(body), body)}
          noValidate
          className="grid gap-4"
        >
          <DialogHeader>
            <DialogTitle>Extend {subscription.planName}</DialogTitle>
            <DialogDescription>Moves the next billing date later, free of charge.</DialogDescription>
          </DialogHeader>
          <FormField id={id} label="Days" error={form.errors.days} hint="1 to 3650">
            <Input id={id} inputMode="numeric" {...form.field("days")} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Extending…" : "Extend"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type CompValues = { planId: string; period: string; days: string };

/** Gives a published plan for free (members.write): a period or N days. */
export function CompPlanDialog({ memberId, plans }: { memberId: string; plans: { id: number; name: string }[] }) {
  const [open, setOpen] = React.useState(false);
  const initial = { planId: String(plans[0]?.id ?? ""), period: "monthly", days: "" };
  const form = useForm<CompValues>({ initial, clearOnChange: true, refusal: "Plan not given" });
  useResetOnOpen(open, () => form.reset());
  const { submit, busy } = useStaffAction<ActionAnswer<{ subscriptionId: string }>>(
    (answer) => {
      if (!answer.ok) return form.refuse(answer);
      toast.success("Complimentary plan given");
      setOpen(false);
    },
    { action: actionOf(memberId) },
  );
  const body = { intent: "comp", ...form.values };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" disabled={plans.length === 0}>
          Give a complimentary plan
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <form
          onSubmit={form.submit(memberSubscriptionSchema, () => submit(body), body)}
          noValidate
          className="grid gap-4"
        >
          <DialogHeader>
            <DialogTitle>Give a complimentary plan</DialogTitle>
            <DialogDescription>
              No money moves and it never renews; the member gets their access links.
            </DialogDescription>
          </DialogHeader>
          <FormField id="comp-plan" label="Plan" error={form.errors.planId}>
            <NativeSelect
              id="comp-plan"
              value={form.values.planId}
              onChange={(e) => form.setValue("planId", e.target.value)}
            >
              {plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="comp-period" label="Period" error={form.errors.period}>
            <NativeSelect
              id="comp-period"
              value={form.values.period}
              onChange={(e) => form.setValue("period", e.target.value)}
            >
              <option value="monthly">Monthly</option>
              <option value="quarterly">Quarterly</option>
              <option value="lifetime">Lifetime</option>
              <option value="days">A number of days</option>
            </NativeSelect>
          </FormField>
          {form.values.period === "days" ? (
            <FormField id="comp-days" label="Days" error={form.errors.days} hint="1 to 3650">
              <Input id="comp-days" inputMode="numeric" {...form.field("days")} />
            </FormField>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Giving…" : "Give plan"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
