import { data } from "react-router";
import { purchaseRequestSchema } from "~/lib/validation/profile";
import { getDb } from "#server/db/client";
import { withCookies } from "#server/http/auth-actions";
import { readBody, validationFailure } from "#server/http/responses";
import { memberFailure, requireMemberMutation } from "#server/http/member-api";
import { PURCHASE_SIGN_IN, purchasePlans } from "#server/members/purchase-plans";
import type { Route } from "./+types/api.dashboard.purchase";

/**
 * The confirm-purchase dialog's call (spec §7 process-subscription-payment). The answer has the
 * spec's shape; refusals (already subscribed, insufficient balance, prices changed) are answers
 * with `success: false`, not errors.
 */
export async function action({ request }: Route.ActionArgs) {
  try {
    const { member, headers } = await requireMemberMutation(request, PURCHASE_SIGN_IN);
    const parsed = purchaseRequestSchema.safeParse(await readBody(request));
    if (!parsed.success) return validationFailure(parsed.error);
    const response = await purchasePlans({ db: getDb(), userId: member.userId, input: parsed.data });
    return data(response, { headers: withCookies(headers) });
  } catch (error) {
    return memberFailure(error, "Failed to process payment");
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
