import { data } from "react-router";
import { autorenewSchema } from "~/lib/validation/dashboard/profile";
import { setSubscriptionAutorenew, SUBSCRIPTION_NOT_FOUND } from "#server/dashboard/set-subscription-autorenew";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { AppError } from "#server/lib/errors";
import { requirePortalMember } from "#server/portal/require-portal-member";

/** The portal's renew switch: the dashboard's, on one of the member's own subscriptions only. */
export const action = defineAction({
  access: "portal",
  schema: autorenewSchema,
  // A malformed id is answered like a foreign one: 404, nothing about what exists.
  refuseInput: (error) =>
    error.issues.some((issue) => issue.path[0] === "subscriptionId")
      ? new AppError("NOT_FOUND", SUBSCRIPTION_NOT_FOUND)
      : undefined,
  unexpected: "Failed to update autorenew setting",
  run: ({ portal, input }) => setSubscriptionAutorenew({ db: getDb(), userId: requirePortalMember(portal), ...input }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
