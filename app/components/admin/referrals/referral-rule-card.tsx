import { useRevalidator } from "react-router";
import { NativeSelect } from "~/components/admin/list/native-select";
import { SettingsCard, SettingsForm } from "~/components/admin/settings-card";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { microToDecimal } from "~/lib/money";
import { referralRuleSchema } from "~/lib/validation/admin/referrals";
import type { AdminReferralsView } from "~/lib/view-types/admin/referrals";

type Kind = "off" | "percent" | "fixed";

/**
 * The reward rule: what a referred member's first paid payment earns whoever referred them. An
 * owner changes it (each change audited); everyone else who reads money sees it and who may.
 */
export function ReferralRuleCard({ view }: { view: AdminReferralsView }) {
  return (
    <SettingsCard
      headingId="referral-rule"
      title="Reward rule"
      description={
        "Paid once per referred member, on their first paid purchase or renewal (never a trial or a complimentary " +
        "plan), and taken back if that money is refunded. A change applies to first payments from now on."
      }
      form={view.canChange ? <ReferralRuleForm rule={view.rule} /> : null}
      readOnly="Only an owner can change the rule."
    >
      <p className="text-sm" data-slot="referral-rule-in-force">
        In force: <strong>{view.ruleText}</strong>
      </p>
    </SettingsCard>
  );
}

function ReferralRuleForm({ rule }: { rule: AdminReferralsView["rule"] }) {
  const revalidator = useRevalidator();
  const initial = {
    kind: rule.kind as Kind,
    percent: rule.kind === "percent" ? String(rule.percent) : "",
    amount: rule.kind === "fixed" ? microToDecimal(BigInt(rule.amount)) : "",
  };
  const form = useForm({ initial, clearOnChange: true, refusal: "Referral rule not saved" });
  const { submit, busy } = useStaffAction<ActionAnswer<{ rule: string }>>((answer) => {
    if (!answer.ok) return form.refuse(answer);
    toast.success("Referral rule saved", { description: answer.rule });
    void revalidator.revalidate();
  });
  const save = form.submit(referralRuleSchema, () => void submit(form.values));
  const { values, errors } = form;
  return (
    <SettingsForm onSubmit={save} submitLabel="Save reward rule" busy={busy}>
      <FormField id="referral-kind" label="Reward" error={errors.kind}>
        <NativeSelect
          id="referral-kind"
          value={values.kind}
          onChange={(event) => form.setValue("kind", event.target.value as Kind)}
        >
          <option value="off">Off</option>
          <option value="percent">A percent of the first payment</option>
          <option value="fixed">A fixed amount</option>
        </NativeSelect>
      </FormField>
      {values.kind === "percent" ? (
        <FormField id="referral-percent" label="Percent" hint="1 to 100" error={errors.percent}>
          <Input id="referral-percent" inputMode="numeric" autoComplete="off" {...form.field("percent")} />
        </FormField>
      ) : values.kind === "fixed" ? (
        <FormField id="referral-amount" label="Amount (USDT)" hint="Never more than the payment" error={errors.amount}>
          <Input id="referral-amount" inputMode="decimal" autoComplete="off" {...form.field("amount")} />
        </FormField>
      ) : null}
    </SettingsForm>
  );
}
