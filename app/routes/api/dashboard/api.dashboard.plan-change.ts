import { data } from "react-router";
import { planChangeSchema } from "~/lib/validation/dashboard/plan-change";
import { planChangeMessages, schedulePlanChange } from "#server/billing/schedule-plan-change";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { AppError } from "#server/lib/errors";

/** Schedules a smaller plan or a shorter period for the next renewal of one of the member's own subscriptions. */
export const action = defineAction({
  access: "member",
  schema: planChangeSchema,
  // A malformed id is answered like a foreign one: 404, nothing about what exists.
  refuseInput: (error) =>
    error.issues.some((issue) => issue.path[0] === "subscriptionId")
      ? new AppError("NOT_FOUND", planChangeMessages.notFound)
      : undefined,
  unexpected: "Failed to schedule the change",
  run: ({ member, input }) => schedulePlanChange({ db: getDb(), userId: member.userId, ...input }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
