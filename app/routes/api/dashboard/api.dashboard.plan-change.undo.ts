import { data } from "react-router";
import { undoPlanChangeSchema } from "~/lib/validation/dashboard/plan-change";
import { planChangeMessages } from "#server/billing/schedule-plan-change";
import { undoPlanChange } from "#server/billing/undo-plan-change";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { AppError } from "#server/lib/errors";

/** Undoes the change scheduled for the next renewal of one of the member's own subscriptions. */
export const action = defineAction({
  access: "member",
  schema: undoPlanChangeSchema,
  refuseInput: (error) =>
    error.issues.some((issue) => issue.path[0] === "subscriptionId")
      ? new AppError("NOT_FOUND", planChangeMessages.notFound)
      : undefined,
  unexpected: "Failed to undo the change",
  run: async ({ member, input }) => {
    await undoPlanChange({ db: getDb(), userId: member.userId, ...input });
    return {};
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
