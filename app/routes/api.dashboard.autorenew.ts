import { data } from "react-router";
import { autorenewSchema } from "~/lib/validation/profile";
import { getDb } from "#server/db/client";
import { withCookies } from "#server/http/auth-actions";
import { readBody } from "#server/http/responses";
import { AppError } from "#server/lib/errors";
import { memberFailure, requireMemberMutation } from "#server/http/member-api";
import { SUBSCRIPTION_NOT_FOUND, setSubscriptionAutorenew } from "#server/members/set-subscription-autorenew";
import type { Route } from "./+types/api.dashboard.autorenew";

/** The autorenew switch of one of the member's own subscriptions. */
export async function action({ request }: Route.ActionArgs) {
  try {
    const { member, headers } = await requireMemberMutation(request);
    const parsed = autorenewSchema.safeParse(await readBody(request));
    if (!parsed.success) {
      // A malformed id is answered like a foreign one: 404, nothing about what exists.
      const badId = parsed.error.issues.some((issue) => issue.path[0] === "subscriptionId");
      throw new AppError(badId ? "NOT_FOUND" : "VALIDATION", badId ? SUBSCRIPTION_NOT_FOUND : parsed.error.issues[0]!.message);
    }
    const result = await setSubscriptionAutorenew({ db: getDb(), userId: member.userId, ...parsed.data });
    return data({ ok: true as const, ...result }, { headers: withCookies(headers) });
  } catch (error) {
    return memberFailure(error, "Failed to update autorenew setting");
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
