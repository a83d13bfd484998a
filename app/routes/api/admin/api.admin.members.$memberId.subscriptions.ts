import { data } from "react-router";
import { memberSubscriptionSchema } from "~/lib/validation/admin/member-actions";
import { memberRouteParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { MEMBER_GONE } from "#server/staff/members/add-member-note";
import {
  cancelSubscriptionAtPeriodEnd,
  cancelSubscriptionNow,
  extendSubscription,
} from "#server/staff/members/change-member-subscription";
import { grantMemberPlan } from "#server/staff/members/grant-member-plan";

/**
 * Changes to a member's subscriptions from the member page (members.write): extend, cancel now,
 * cancel at period end, give a complimentary plan. Each is audited on the member.
 */
export const action = defineAction({
  access: "staff",
  permission: "members.write",
  schema: memberSubscriptionSchema,
  params: memberRouteParams,
  notFound: MEMBER_GONE,
  run: async ({ input, staff, params: { memberId } }) => {
    const db = getDb();
    const base = { db, memberId, actor: staff.actor };
    switch (input.intent) {
      case "extend":
        return extendSubscription({ ...base, subscriptionId: input.subscriptionId, days: input.days });
      case "cancel-now":
        return cancelSubscriptionNow({ ...base, subscriptionId: input.subscriptionId });
      case "cancel-at-period-end":
        return cancelSubscriptionAtPeriodEnd({ ...base, subscriptionId: input.subscriptionId });
      case "comp":
        return grantMemberPlan({
          ...base,
          planId: input.planId,
          length: input.period === "days" ? { period: "days", days: input.days! } : { period: input.period },
        });
    }
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
