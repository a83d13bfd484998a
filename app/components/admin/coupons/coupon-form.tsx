import { useNavigate } from "react-router";
import { NativeSelect } from "~/components/admin/list/native-select";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import type { CouponDuration, CouponKind } from "~/lib/billing/coupons";
import { microToDecimal } from "~/lib/money";
import { billingPeriods, periodLabel, type BillingPeriod } from "~/lib/pricing";
import { couponSchema } from "~/lib/validation/admin/coupons";
import type { AdminCoupon, CouponPlanChoice } from "~/lib/view-types/admin/coupons";

type Values = {
  code: string;
  kind: CouponKind;
  percentOff: string;
  amountOff: string;
  planIds: number[];
  periods: BillingPeriod[];
  duration: CouponDuration;
  durationRenewals: string;
  maxRedemptions: string;
  perMemberLimit: string;
  validFrom: string;
  validUntil: string;
  newMembersOnly: boolean;
  note: string;
};

const dayOf = (iso: string | null, lastDay = false) =>
  iso ? new Date(Date.parse(iso) - (lastDay ? 1 : 0)).toISOString().slice(0, 10) : "";

function initialOf(coupon: AdminCoupon | null): Values {
  return {
    code: coupon?.code ?? "",
    kind: coupon?.kind ?? "percent",
    percentOff: coupon?.percentOff ? String(coupon.percentOff) : "",
    amountOff: coupon?.amountOff ? microToDecimal(BigInt(coupon.amountOff)) : "",
    planIds: coupon?.planIds ?? [],
    periods: coupon?.periods ?? [],
    duration: coupon?.duration ?? "once",
    durationRenewals: coupon?.durationRenewals ? String(coupon.durationRenewals) : "",
    maxRedemptions: coupon?.maxRedemptions ? String(coupon.maxRedemptions) : "",
    perMemberLimit: String(coupon?.perMemberLimit ?? 1),
    validFrom: dayOf(coupon?.validFrom ?? null),
    validUntil: dayOf(coupon?.validUntil ?? null, true),
    newMembersOnly: coupon?.newMembersOnly ?? false,
    note: coupon?.note ?? "",
  };
}

const toggled = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/**
 * A code's form: what it takes off and for how long, the plans and periods it is for, its limits,
 * days and audience. Once a code has been used, what it takes off and for how long are fixed
 * (the server refuses a change too), so those fields are shown but locked.
 */
export function CouponForm({ coupon, plans }: { coupon: AdminCoupon | null; plans: CouponPlanChoice[] }) {
  const navigate = useNavigate();
  const form = useForm<Values>({ initial: initialOf(coupon), refusal: "Code not saved" });
  const { values, errors, setValue } = form;
  const locked = Boolean(coupon && coupon.redemptions > 0);
  const { submit, busy } = useStaffAction<ActionAnswer<{ couponId: number }>>(
    (answer) => {
      if (!answer.ok) return form.refuse(answer);
      toast.success(coupon ? "Code saved" : "Code created");
      if (!coupon) void navigate(`/admin/coupons/${answer.couponId}`, { replace: true });
    },
    { json: true },
  );
  const save = form.submit(couponSchema, () => void submit({ ...values }));

  return (
    <form
      onSubmit={save}
      noValidate
      className="grid max-w-3xl gap-6"
      // Not "New code": its first field is "Code", and one name would answer for both.
      aria-label={coupon ? `Edit ${coupon.code}` : "New coupon"}
    >
      <fieldset className="grid gap-4 rounded-xl border p-4 sm:grid-cols-2" disabled={locked}>
        <legend className="px-1 text-sm font-medium">What it takes off</legend>
        {locked ? (
          <p className="text-sm text-muted-foreground sm:col-span-2">
            Members have used this code, so what it takes off and for how long stay as they are. Pause it and make a new
            code to offer other terms.
          </p>
        ) : null}
        <FormField id="coupon-code" label="Code" error={errors.code} hint="Members type it in any case.">
          <Input id="coupon-code" autoComplete="off" className="font-mono uppercase" {...form.field("code")} />
        </FormField>
        <FormField id="coupon-kind" label="Kind" error={errors.kind}>
          <NativeSelect
            id="coupon-kind"
            value={values.kind}
            onChange={(event) => setValue("kind", event.target.value as CouponKind)}
          >
            <option value="percent">Percent off</option>
            <option value="fixed">Fixed amount off each plan</option>
          </NativeSelect>
        </FormField>
        {values.kind === "percent" ? (
          <FormField id="coupon-percent" label="Percent off" error={errors.percentOff}>
            <Input id="coupon-percent" inputMode="numeric" {...form.field("percentOff")} />
          </FormField>
        ) : (
          <FormField id="coupon-amount" label="Amount off each plan (USDT)" error={errors.amountOff}>
            <Input id="coupon-amount" inputMode="decimal" {...form.field("amountOff")} />
          </FormField>
        )}
        <FormField id="coupon-duration" label="Takes off" error={errors.duration}>
          <NativeSelect
            id="coupon-duration"
            value={values.duration}
            onChange={(event) => setValue("duration", event.target.value as CouponDuration)}
          >
            <option value="once">The first period only</option>
            <option value="forever">The first period and every renewal</option>
            <option value="repeating">The first period and a number of renewals</option>
          </NativeSelect>
        </FormField>
        {values.duration === "repeating" ? (
          <FormField id="coupon-renewals" label="Renewals discounted" error={errors.durationRenewals}>
            <Input id="coupon-renewals" inputMode="numeric" {...form.field("durationRenewals")} />
          </FormField>
        ) : null}
      </fieldset>

      <fieldset
        className="grid gap-3 rounded-xl border p-4"
        aria-describedby={errors.planIds ? "coupon-plans-error" : undefined}
      >
        <legend className="px-1 text-sm font-medium">Plans (none ticked: every plan)</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {plans.map((plan) => (
            <label key={plan.id} className="flex items-center gap-2 text-sm">
              <NativeCheckbox
                checked={values.planIds.includes(plan.id)}
                onChange={() => setValue("planIds", toggled(values.planIds, plan.id))}
              />
              {plan.name}
            </label>
          ))}
        </div>
        <FieldError id="coupon-plans-error">{errors.planIds}</FieldError>
      </fieldset>

      <fieldset className="grid gap-3 rounded-xl border p-4">
        <legend className="px-1 text-sm font-medium">Billing periods (none ticked: every period)</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {billingPeriods.map((period) => (
            <label key={period} className="flex items-center gap-2 text-sm">
              <NativeCheckbox
                checked={values.periods.includes(period)}
                onChange={() => setValue("periods", toggled(values.periods, period))}
              />
              {periodLabel[period]}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">Limits and days</legend>
        <FormField id="coupon-max" label="Uses in all (empty: no limit)" error={errors.maxRedemptions}>
          <Input id="coupon-max" inputMode="numeric" {...form.field("maxRedemptions")} />
        </FormField>
        <FormField
          id="coupon-per-member"
          label="Uses per member"
          error={errors.perMemberLimit}
          hint="Left empty: once per member."
        >
          <Input id="coupon-per-member" inputMode="numeric" {...form.field("perMemberLimit")} />
        </FormField>
        <FormField id="coupon-from" label="First day (UTC, optional)" error={errors.validFrom}>
          <Input id="coupon-from" type="date" {...form.field("validFrom")} />
        </FormField>
        <FormField id="coupon-until" label="Last day (UTC, optional)" error={errors.validUntil}>
          <Input id="coupon-until" type="date" {...form.field("validUntil")} />
        </FormField>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <NativeCheckbox
            checked={values.newMembersOnly}
            onChange={(event) => setValue("newMembersOnly", event.target.checked)}
          />
          New members only (no plan before; a free trial is fine)
        </label>
        <FormField id="coupon-note" label="Note for staff (optional)" error={errors.note} className="sm:col-span-2">
          <Input id="coupon-note" {...form.field("note")} />
        </FormField>
      </fieldset>

      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : coupon ? "Save code" : "Create code"}
        </Button>
      </div>
    </form>
  );
}
