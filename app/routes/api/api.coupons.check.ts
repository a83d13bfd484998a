import type { CouponCheckAnswer } from "~/lib/billing/coupons";
import { couponCheckSchema } from "~/lib/validation/site/coupon-check";
import { getMemberSession } from "#server/auth/accounts/session";
import { checkCouponCode } from "#server/coupons/check-coupon-code";
import { getDb } from "#server/db/client";
import { isAppError } from "#server/lib/errors";
import type { Route } from "./+types/api.coupons.check";

/**
 * A code typed in a cart, checked before anything is bought (GET, read-only JSON, never kept by a
 * cache): the code's terms for the cart to show its discount line and new total, or why it is
 * refused, beside the field. A signed-in member's own limits count too (used already, new members
 * only). Refused codes are counted per account and address (the guessing limit lives in
 * checkCouponCode); nothing else is written, and every charge prices the code again itself.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getMemberSession(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of session.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const answer = (body: CouponCheckAnswer, status = 200) => Response.json(body, { status, headers });

  const parsed = couponCheckSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const error = parsed.error.issues[0]!.message;
    return answer({ ok: false, error, fieldErrors: { couponCode: error } }, 400);
  }
  const { code, plans, period } = parsed.data;
  try {
    const terms = await checkCouponCode({
      db: getDb(),
      code: code!,
      planIds: plans,
      billingPeriod: period,
      userId: session.member?.userId ?? null,
      clientIp: context?.clientIp ?? null,
    });
    return answer({ ok: true, terms });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const retryAfterSeconds = error.details.retryAfterSeconds;
    if (typeof retryAfterSeconds === "number") headers.set("Retry-After", String(retryAfterSeconds));
    return answer(
      {
        ok: false,
        error: error.message,
        fieldErrors: { couponCode: error.message },
        ...(typeof retryAfterSeconds === "number" ? { retryAfterSeconds } : {}),
      },
      error.status,
    );
  }
}
