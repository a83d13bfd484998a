import * as React from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { toast } from "~/components/ui/sonner";
import { heldFromWire, scheduledChoices, type PlanSwitching } from "~/lib/billing/plan-switch";
import { formatUsdt } from "~/lib/money";
import { periodSuffix, priceFor } from "~/lib/pricing";
import type { PublicPlan } from "~/lib/view-types/content";
import type { MemberSubscription } from "~/lib/view-types/member";
import { formatDate, periodName } from "./format";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

/** Whether a subscription has a change to show: one scheduled, or something it can change to. */
export function hasPlanChange(options: {
  subscription: MemberSubscription;
  plans: readonly PublicPlan[];
  switching: PlanSwitching;
}): boolean {
  const { subscription, plans, switching } = options;
  if (subscription.status !== "active") return false;
  if (subscription.scheduled) return true;
  const held = heldFromWire(switching).find((sub) => sub.subscriptionId === subscription.id);
  return held ? scheduledChoices({ held, plans, reach: switching.reach }).length > 0 : false;
}

/**
 * A subscription's change at its next renewal: what is scheduled, with Undo; or "Change plan",
 * which offers a plan inside this one or a shorter period. Nothing changes or is charged until the
 * renewal; a bigger plan or a longer period is bought now instead, with a credit (the plan cards).
 */
export function PlanChange({
  subscription,
  plans,
  switching,
}: {
  subscription: MemberSubscription;
  plans: readonly PublicPlan[];
  switching: PlanSwitching;
}) {
  const held = heldFromWire(switching).find((sub) => sub.subscriptionId === subscription.id);
  const choices = held ? scheduledChoices({ held, plans, reach: switching.reach }) : [];
  const undo = useMemberAction<ActionAnswer>(
    (answer) => {
      if (answer.ok) toast.success("Scheduled change undone");
      else toast.error(answer.error || "Failed to undo the change");
    },
    { action: "/api/dashboard/plan-change/undo" },
  );
  const [open, setOpen] = React.useState(false);
  const when = changeDate(subscription);
  // Here, not in the dialog: the answer arrives after the dashboard reloaded, when this row shows
  // the scheduled change and the dialog is gone.
  const schedule = useMemberAction<ActionAnswer>(
    (answer) => {
      if (answer.ok) {
        toast.success(`Change scheduled for ${when}`);
        setOpen(false);
      } else toast.error(answer.error || "Failed to schedule the change");
    },
    { action: "/api/dashboard/plan-change" },
  );
  if (subscription.status !== "active") return null;

  if (subscription.scheduled) {
    const { planName, billingPeriod } = subscription.scheduled;
    return (
      <div data-slot="scheduled-change" className="grid gap-1 text-xs">
        <span>{`Scheduled: ${planName} (${periodName[billingPeriod].toLowerCase()}) from ${when}`}</span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={undo.busy}
          onClick={() => undo.submit({ subscriptionId: subscription.id })}
        >
          {undo.busy ? "Undoing..." : "Undo"}
        </Button>
      </div>
    );
  }
  if (choices.length === 0) return null;
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Change plan
      </Button>
      <ChangeDialog
        open={open}
        onOpenChange={setOpen}
        subscription={subscription}
        choices={choices}
        plans={plans}
        when={when}
        submit={schedule.submit}
        busy={schedule.busy}
      />
    </>
  );
}

function ChangeDialog({
  open,
  onOpenChange,
  subscription,
  choices,
  plans,
  when,
  submit,
  busy,
}: {
  submit: (body: { subscriptionId: string; planId: number; billingPeriod: string }) => unknown;
  busy: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subscription: MemberSubscription;
  choices: ReturnType<typeof scheduledChoices>;
  plans: readonly PublicPlan[];
  when: string;
}) {
  const [picked, setPicked] = React.useState(0);
  const priceOf = (planId: number, period: "monthly" | "quarterly") => {
    const plan = plans.find((candidate) => candidate.id === planId);
    return plan ? `${formatUsdt(priceFor(BigInt(plan.price), period))} ${periodSuffix[period]}` : "";
  };
  const name = `plan-change-${subscription.id}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{`Change ${subscription.planName}`}</DialogTitle>
          <DialogDescription>
            {`The change takes effect at your next renewal, on ${when}, and that renewal is charged at the new price. Until then you keep ${subscription.planName}, and you can undo the change.`}
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="sr-only">Change to</legend>
          {choices.map((choice, index) => (
            <label
              key={`${choice.planId}-${choice.period}`}
              className="flex items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name={name}
                checked={picked === index}
                onChange={() => setPicked(index)}
                className="size-4 accent-primary"
              />
              <span className="font-medium">{`${choice.name} (${periodName[choice.period].toLowerCase()})`}</span>
              <span className="ml-auto tabular-nums text-muted-foreground">
                {priceOf(choice.planId, choice.period)}
              </span>
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={busy}
            onClick={() => {
              const choice = choices[picked]!;
              submit({ subscriptionId: subscription.id, planId: choice.planId, billingPeriod: choice.period });
            }}
          >
            {busy ? "Scheduling..." : "Schedule change"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * When a scheduled change takes effect: at the next renewal that is charged. A plan a
 * complimentary one includes is not charged until the gift ends, so its change waits for that.
 */
function changeDate(subscription: MemberSubscription): string {
  const { coveredBy, nextBillingDate } = subscription;
  if (coveredBy)
    return coveredBy.until ? formatDate(coveredBy.until) : `the end of your complimentary ${coveredBy.gift}`;
  return nextBillingDate ? formatDate(nextBillingDate) : "";
}
