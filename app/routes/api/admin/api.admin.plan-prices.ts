import { data } from "react-router";
import { planPricesSchema } from "~/lib/validation/admin/plans";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { arrangePlan } from "#server/staff/plans/arrange-plan";
import { cancelScheduledPriceChange } from "#server/staff/plans/cancel-scheduled-price-change";
import { savePlan } from "#server/staff/plans/save-plan";

/**
 * What members pay, apart from the plan pages' content actions so that its permission is
 * declared where the role matrix reads it: creating a plan, saving one with its prices (the 30
 * days' notice rule applies), publishing or unpublishing it, cancelling a scheduled price
 * change. Owners and admins only (prices.write); everyone else gets the guard's 404. Audited.
 */
export const action = defineAction({
  access: "staff",
  permission: "prices.write",
  schema: planPricesSchema,
  run: async ({ input, staff }) => {
    const db = getDb();
    switch (input.intent) {
      case "create":
      case "save": {
        const planId = input.intent === "save" ? input.planId : null;
        const saved = await savePlan({ db, planId, input, actor: staff.actor });
        const price = saved.price;
        return {
          id: saved.id,
          mode: price.mode,
          ...(price.mode === "scheduled"
            ? { effectiveAt: price.effectiveAt.toISOString(), notified: price.notified }
            : {}),
        };
      }
      case "publish":
        return arrangePlan({ db, planId: input.planId, change: { published: input.published }, actor: staff.actor });
      case "cancel_price_change": {
        const cancelled = await cancelScheduledPriceChange({
          db,
          planId: input.planId,
          changeId: input.changeId,
          actor: staff.actor,
        });
        return { changed: true, price: cancelled.price.toString(), notified: cancelled.notified };
      }
    }
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
