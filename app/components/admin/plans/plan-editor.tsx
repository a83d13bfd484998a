import * as React from "react";
import { useFetcher, useNavigate } from "react-router";
import { PlanFeaturesField, PlanTelegramChatsField } from "~/components/admin/plans/plan-list-fields";
import { PRICES_NOT_YOURS } from "~/components/admin/plans/prices-not-yours";
import { ScheduledPriceChange, useCancelScheduledChange } from "~/components/admin/plans/scheduled-price-change";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatUsdt, microToDecimal, parseUsdt } from "~/lib/money";
import { billingPeriods, periodLabel, priceFor } from "~/lib/pricing";
import { PLAN_ICONS, planSchema, planTextsSchema, type PlanForm } from "~/lib/validation/admin/plans";
import { fieldErrors } from "~/lib/validation/fields";
import type { AdminPlan } from "~/lib/view-types/admin/plans";

type SaveAnswer = ActionAnswer<{
  id: number;
  mode: "unchanged" | "immediate" | "scheduled";
  effectiveAt?: string;
  notified?: number;
}>;

const selectClass = "h-9 w-full rounded-md border bg-background px-2 text-sm";

/**
 * The plan editor: every field of a plan, the monthly price with the quarterly and
 * lifetime prices the one pricing module derives from it (live), and the features list.
 * Checked in the browser with the server's own schema before it is sent. Whoever may change
 * prices (prices.write) saves everything through the prices action; an editor saves the texts,
 * features and chats through the page's own action and sees the prices without their controls.
 */
export function PlanEditor({ plan, canChangePrices }: { plan: AdminPlan | null; canChangePrices: boolean }) {
  const fetcher = useFetcher<SaveAnswer>();
  const navigate = useNavigate();
  const [form, setForm] = React.useState<
    Required<Omit<PlanForm, "features" | "telegramChats">> & { features: string[]; telegramChats: string[] }
  >(() => ({
    name: plan?.name ?? "",
    subtitle: plan?.subtitle ?? "",
    badge: plan?.badge ?? "",
    icon: (plan?.icon as (typeof PLAN_ICONS)[number]) ?? "zap",
    monthlyPrice: plan ? microToDecimal(BigInt(plan.price)) : "",
    originalPrice: plan?.originalPrice ? microToDecimal(BigInt(plan.originalPrice)) : "",
    discount: plan?.discount ?? 0,
    features: plan?.features ?? [],
    telegramChats: plan?.telegramChats ?? [],
  }));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const monthly = parseUsdt(String(form.monthlyPrice));
  const canceller = useCancelScheduledChange(plan?.name ?? "", (price) =>
    setForm((f) => ({ ...f, monthlyPrice: microToDecimal(price) })),
  );

  useFetcherAnswer(fetcher, (answer) => {
    if (!answer.ok) {
      setErrors(answer.fieldErrors ?? {});
      toast.error("Plan not saved", { description: answer.error });
      return;
    }
    if (answer.mode === "scheduled") {
      toast.success("Plan saved", {
        description: `New buyers pay the new price now; renewals from ${answer.effectiveAt!.slice(0, 10)}. ${answer.notified === 1 ? "1 renewing member is" : `${answer.notified} renewing members are`} told.`,
      });
    } else {
      toast.success("Plan saved");
    }
    if (!plan) void navigate(`/admin/plans/${answer.id}`, { replace: true });
  });

  function save(event: React.FormEvent) {
    event.preventDefault();
    const parsed = (canChangePrices ? planSchema : planTextsSchema).safeParse(form);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      toast.error("Plan not saved", { description: Object.values(found)[0] });
      return;
    }
    setErrors({});
    if (canChangePrices) {
      const target: Record<string, string | number> = plan ? { intent: "save", planId: plan.id } : { intent: "create" };
      void fetcher.submit(
        { ...form, discount: String(form.discount), ...target },
        { method: "post", action: "/api/admin/plan-prices", encType: "application/json" },
      );
    } else {
      const { name, subtitle, badge, icon, features, telegramChats } = form;
      void fetcher.submit(
        { name, subtitle, badge, icon, features, telegramChats },
        { method: "post", encType: "application/json" },
      );
    }
  }

  return (
    <form
      onSubmit={save}
      noValidate
      className="grid max-w-3xl gap-6"
      aria-label={plan ? `Edit ${plan.name}` : "New plan"}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="plan-name" label="Name" error={errors.name}>
          <Input
            id="plan-name"
            value={form.name}
            onChange={set("name")}
            aria-invalid={Boolean(errors.name) || undefined}
          />
        </FormField>
        <FormField id="plan-badge" label="Badge (optional)" error={errors.badge}>
          <Input id="plan-badge" value={form.badge ?? ""} onChange={set("badge")} placeholder="Most popular" />
        </FormField>
        <FormField id="plan-subtitle" label="Subtitle" error={errors.subtitle} className="sm:col-span-2">
          <Input id="plan-subtitle" value={form.subtitle} onChange={set("subtitle")} />
        </FormField>
        <FormField id="plan-icon" label="Icon" error={errors.icon}>
          <select id="plan-icon" value={form.icon} onChange={set("icon")} className={selectClass}>
            {PLAN_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {icon}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="plan-discount" label="Discount shown (%)" error={errors.discount}>
          <Input
            id="plan-discount"
            inputMode="numeric"
            value={String(form.discount)}
            onChange={set("discount")}
            disabled={!canChangePrices}
            aria-describedby={canChangePrices ? undefined : "plan-prices-not-yours"}
            aria-invalid={Boolean(errors.discount) || undefined}
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
            <Input
              id="plan-price"
              inputMode="decimal"
              value={String(form.monthlyPrice)}
              onChange={set("monthlyPrice")}
              aria-invalid={Boolean(errors.monthlyPrice) || undefined}
            />
          </FormField>
          <FormField id="plan-original" label="Struck-through price (optional)" error={errors.originalPrice}>
            <Input
              id="plan-original"
              inputMode="decimal"
              value={String(form.originalPrice ?? "")}
              onChange={set("originalPrice")}
            />
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
        features={form.features}
        error={errors.features}
        onChange={(features) => setForm((f) => ({ ...f, features }))}
      />
      <PlanTelegramChatsField
        chats={form.telegramChats}
        error={errors.telegramChats}
        onChange={(telegramChats) => setForm((f) => ({ ...f, telegramChats }))}
      />

      <div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : plan ? "Save plan" : "Create plan"}
        </Button>
      </div>
    </form>
  );
}
