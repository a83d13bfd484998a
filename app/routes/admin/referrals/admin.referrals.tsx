import { ReferralRuleCard } from "~/components/admin/referrals/referral-rule-card";
import { ReferralsTables } from "~/components/admin/referrals/referrals-tables";
import { TargetHistory } from "~/components/admin/target-history";
import { referralRuleText } from "~/lib/billing/referrals";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { referralRuleSchema, referralsQuerySchema } from "~/lib/validation/admin/referrals";
import type { AdminReferralsView } from "~/lib/view-types/admin/referrals";
import { getReferralRule } from "#server/billing/referral-rewards/get-referral-rule";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listTargetHistory } from "#server/staff/list-target-history";
import { changeReferralRule, REFERRAL_RULE_TARGET } from "#server/staff/referrals/change-referral-rule";
import { listReferrals } from "#server/staff/referrals/list-referrals";
import type { Route } from "./+types/admin.referrals";

export const meta: Route.MetaFunction = () => adminMeta("Referrals");

/** Who may open this page: whoever reads money; the rule is an owner's (money.settings). */
export const permission = "money.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs): Promise<AdminReferralsView> {
  const { staff } = await requireStaffPermission(request, permission);
  const db = getDb();
  const { page } = referralsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [rule, history, lists] = await Promise.all([
    getReferralRule({ db }),
    listTargetHistory({ db, target: REFERRAL_RULE_TARGET, limit: 10 }),
    listReferrals({ db, page }),
  ]);
  return {
    rule: rule.kind === "fixed" ? { kind: "fixed", amount: rule.amount.toString() } : rule,
    ruleText: referralRuleText(rule),
    canChange: can(staff.role, "money.settings"),
    canReadAudit: can(staff.role, "audit.read"),
    history,
    ...lists,
  };
}

export const action = defineAction({
  access: "staff",
  permission: "money.settings",
  schema: referralRuleSchema,
  run: async ({ staff, input }) => ({
    rule: referralRuleText(await changeReferralRule({ db: getDb(), actor: staff.actor, rule: input })),
  }),
});

/** Referral rewards: the rule (set by an owner), who refers, who was referred and what was paid. */
export default function AdminReferrals({ loaderData }: Route.ComponentProps) {
  const { history, canReadAudit } = loaderData;
  return (
    <div className="grid min-w-0 gap-8">
      <h1 className="text-2xl font-bold">Referrals</h1>
      <ReferralRuleCard view={loaderData} />
      <TargetHistory history={history} title="Changes" canReadAudit={canReadAudit} />
      <ReferralsTables view={loaderData} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
