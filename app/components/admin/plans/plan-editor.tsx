import { useNavigate } from "react-router";
import { NativeSelect } from "~/components/admin/list/native-select";
import { PlanFeaturesField, PlanTelegramChatsField } from "~/components/admin/plans/plan-list-fields";
import { PRICES_NOT_YOURS } from "~/components/admin/plans/prices-not-yours";
import { ScheduledPriceChange, useCancelScheduledChange } from "~/components/admin/plans/scheduled-price-change";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatDate } from "~/lib/dates";
import { formatUsdt, microToDecimal, parseUsdt } from "~/lib/money";
import { billingPeriods, periodLabel, priceFor } from "~/lib/pricing";
import { PLAN_ICONS, planSchema, planTextsSchema, type PlanForm } from "~/lib/validation/admin/plans";
import type { AdminPlan } from "~/lib/view-types/admin/plans";

type SaveAnswer = ActionAnswer<{
  id: number;
  mode: "unchanged" | "immediate" | "scheduled";
  effectiveAt?: string;
  notified?: number;
}>;

type PlanValues = Required<Omit<PlanForm, "features" | "telegramChats">> & {
  features: string[];
  telegramChats: string[];
};

/**
 * The plan editor: every field of a plan, the monthly price with the quarterly and
 * lifetime prices the one pricing module derives from it (live), and the features list.
 * Checked in the browser with the server's own schema before it is sent. Whoever may change
 * prices (prices.write) saves everything through the prices action; an editor saves the texts,
 * features and chats through the page's own action and sees the prices without their controls.
 */
export function PlanEditor({ plan, canChangePrices }: { plan: AdminPlan | null; canChangePrices: boolean }) {
  const navigate = useNavigate();
  const form = useForm<PlanValues>({
    initial: {
      name: plan?.name ?? "",
      subtitle: plan?.subtitle ?? "",
      badge: plan?.badge ?? "",
      icon: (plan?.icon as (typeof PLAN_ICONS)[number]) ?? "zap",
      monthlyPrice: plan ? microToDecimal(BigInt(plan.price)) : "",
      originalPrice: plan?.originalPrice ? microToDecimal(BigInt(plan.originalPrice)) : "",
      discount: plan?.discount ?? 0,
      trialDays: plan?.trialDays ?? 0,
      features: plan?.features ?? [],
      telegramChats: plan?.telegramChats ?? [],
    },
    // The browser's check and the server's refusal alike: a toast with the first message.
    refusal: "Plan not saved",
  });
  const { values, errors, setValue } = form;
  const monthly = parseUsdt(String(values.monthlyPrice));
  const canceller = useCancelScheduledChange(plan?.name ?? "", (price) =>
    setValue("monthlyPrice", microToDecimal(price)),
  );

  // Whoever may change prices saves everything through the prices action; an editor through the page's own.
  const { submit, busy } = useStaffAction<SaveAnswer>(
    (answer) => {
      if (!answer.ok) return form.refuse(answer);
      if (answer.mode === "scheduled") {
        toast.success("Plan saved", {
          description: `New buyers pay the new price now; renewals from ${formatDate(answer.effectiveAt!)}. ${answer.notified === 1 ? "1 renewing member is" : `${answer.notified} renewing members are`} told.`,
        });
      } else {
        toast.success("Plan saved");
      }
      if (!plan) void navigate(`/admin/plans/${answer.id}`, { replace: true });
    },
    { action: canChangePrices ? "/api/admin/plan-prices" : undefined, json: true },
  );

  const save = form.submit(canChangePrices ? planSchema : planTextsSchema, () => {
    if (canChangePrices) {
      const target: Record<string, string | number> = plan ? { intent: "save", planId: plan.id } : { intent: "create" };
      void submit({ ...values, discount: String(values.discount), trialDays: String(values.trialDays), ...target });
    } else {
      const { name, subtitle, badge, icon, features, telegramChats } = values;
      void submit({ name, subtitle, badge, icon, features, telegramChats });
    }
  });

  return (
    <form
      onSubmit={save}
      noValidate
      className="grid max-w-3xl gap-6"
      aria-label={plan ? `Edit ${plan.name}` : "New plan"}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="plan-name" label="Name" error={errors.name}>
          <Input id="plan-name" {...form.field("name")} />
        </FormField>
        <FormField id="plan-badge" label="Badge (optional)" error={errors.badge}>
          <Input id="plan-badge" {...form.field("badge")} placeholder="Most popular" />
        </FormField>
        <FormField id="plan-subtitle" label="Subtitle" error={errors.subtitle} className="sm:col-span-2">
          <Input id="plan-subtitle" {...form.field("subtitle")} />
        </FormField>
        <FormField id="plan-icon" label="Icon" error={errors.icon}>
          <NativeSelect
            id="plan-icon"
            value={values.icon}
            onChange={(event) => setValue("icon", event.target.value as PlanValues["icon"])}
          >
            {PLAN_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {icon}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="plan-discount" label="Discount shown (%)" error={errors.discount}>
          <Input
            id="plan-discount"
            inputMode="numeric"
            {...form.field("discount")}
            disabled={!canChangePrices}
            aria-describedby={canChangePrices ? undefined : "plan-prices-not-yours"}
          />
        </FormField>
      </div>

      {/* A disabled fieldset leaves its fields out of the form and their buttons unclickable. */}
      <fieldset
        className="grid gap-4 rounded-xl border p-4"
        disabled={!canChangePrices}
        aria-describedby={canChangePrices ? undefined : "plan-prices-not-yours"}
      >
        <legend className="px-1 text-sm font-medium">Price (USDT)</legend>
        {canChangePrices ? null : (
          <p id="plan-prices-not-yours" className="text-sm text-muted-foreground">
            {PRICES_NOT_YOURS}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="plan-price" label="Monthly price" error={errors.monthlyPrice}>
            <Input id="plan-price" inputMode="decimal" {...form.field("monthlyPrice")} />
          </FormField>
          <FormField id="plan-original" label="Struck-through price (optional)" error={errors.originalPrice}>
            <Input id="plan-original" inputMode="decimal" {...form.field("originalPrice")} />
          </FormField>
          <FormField
            id="plan-trial-days"
            label="Free trial (days, 0 = none)"
            error={errors.trialDays}
            hint={
              "Each member may try the plan once, without paying; at its end it renews at the monthly " +
              "price if their balance covers it."
            }
          >
            <Input id="plan-trial-days" inputMode="numeric" {...form.field("trialDays")} />
          </FormField>
        </div>
        <dl aria-label="Prices members pay" className="grid gap-1 text-sm sm:grid-cols-3">
          {billingPeriods.map((period) => (
            <div key={period} className="rounded-md bg-muted/50 p-2">
              <dt className="text-muted-foreground">{periodLabel[period]}</dt>
              <dd className="font-semibold tabular-nums">
                {monthly !== null && monthly > 0n ? formatUsdt(priceFor(monthly, period), { suffix: true }) : "—"}
              </dd>
            </div>
          ))}
        </dl>
        {plan && plan.renewing > 0 ? (
          <p className="text-sm text-muted-foreground">
            {plan.renewing === 1 ? "1 member renews" : `${plan.renewing} members renew`} this plan: a higher price
            reaches their renewals after 30 days&apos; notice; a lower one at once.
          </p>
        ) : null}
        {plan?.scheduled ? (
          <ScheduledPriceChange
            plan={plan}
            scheduled={plan.scheduled}
            canceller={canceller}
            canCancel={canChangePrices}
          />
        ) : null}
      </fieldset>

      <PlanFeaturesField
        features={values.features}
        error={errors.features}
        onChange={(features) => setValue("features", features)}
      />
      <PlanTelegramChatsField
        chats={values.telegramChats}
        error={errors.telegramChats}
        onChange={(telegramChats) => setValue("telegramChats", telegramChats)}
      />

      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : plan ? "Save plan" : "Create plan"}
        </Button>
      </div>
    </form>
  );
}
