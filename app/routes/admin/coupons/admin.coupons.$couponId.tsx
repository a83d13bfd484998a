import { data } from "react-router";
import { BackLink } from "~/components/admin/back-link";
import { CouponForm } from "~/components/admin/coupons/coupon-form";
import { CouponRedemptions } from "~/components/admin/coupons/coupon-redemptions";
import { appliesText, durationText, offText, stateLabel, usesText } from "~/components/admin/coupons/coupon-texts";
import { PauseCouponButton } from "~/components/admin/coupons/pause-coupon-button";
import { TargetHistory } from "~/components/admin/target-history";
import { adminMeta } from "~/lib/meta";
import { formatUsdt } from "~/lib/money";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { cn } from "~/lib/utils";
import { couponSchema } from "~/lib/validation/admin/coupons";
import { newOrRecordIdParam, routeParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { readRouteParams } from "#server/http/route-params";
import { requireStaffPermission } from "#server/http/staff-guard";
import { createCoupon } from "#server/staff/coupons/create-coupon";
import { listCouponPlans } from "#server/staff/coupons/list-coupon-plans";
import { listCouponRedemptions } from "#server/staff/coupons/list-coupon-redemptions";
import { listCoupons } from "#server/staff/coupons/list-coupons";
import { updateCoupon } from "#server/staff/coupons/update-coupon";
import { listTargetHistory } from "#server/staff/list-target-history";
import type { Route } from "./+types/admin.coupons.$couponId";

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded?.coupon ? loaded.coupon.code : "New code");

/** `/admin/coupons/new` or `/admin/coupons/<id>`; anything else is 404. */
const pageParams = routeParams({ couponId: newOrRecordIdParam });

export const permission = "money.write" satisfies StaffPermission;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const db = getDb();
  const { couponId: id } = readRouteParams(pageParams, params);
  const plans = await listCouponPlans({ db });
  if (id === "new") return { coupon: null, plans, redemptions: [], history: null, canReadAudit: false };
  const [coupon] = await listCoupons({ db, couponId: id });
  if (!coupon) throw data("Not Found", { status: 404 });
  const [redemptions, history] = await Promise.all([
    listCouponRedemptions({ db, couponId: id }),
    listTargetHistory({ db, target: { type: "coupon", id: String(id) } }),
  ]);
  return { coupon, plans, redemptions, history, canReadAudit: can(staff.role, "audit.read") };
}

/** Create a code (on /new) or save one; audited. */
export const action = defineAction({
  access: "staff",
  permission: "money.write",
  schema: couponSchema,
  params: pageParams,
  run: async ({ input, staff, params: { couponId } }) => {
    if (couponId === "new") return createCoupon({ db: getDb(), input, actor: staff.actor });
    return updateCoupon({ db: getDb(), couponId, input, actor: staff.actor });
  },
});

export default function AdminCoupon({ loaderData }: Route.ComponentProps) {
  const { coupon, plans, redemptions, history, canReadAudit } = loaderData;
  return (
    <div className="grid gap-6">
      <BackLink to="/admin/coupons">All codes</BackLink>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* A code is set in monospace, as members type it (O and 0 apart); the new page's title is words. */}
        <h1 className={cn("text-2xl font-bold", coupon && "font-mono")}>{coupon ? coupon.code : "New code"}</h1>
        {coupon ? <PauseCouponButton coupon={coupon} /> : null}
      </div>
      {coupon ? (
        <dl aria-label="This code" className="grid gap-3 text-sm sm:grid-cols-3">
          {[
            ["State", stateLabel[coupon.state]],
            ["Takes off", `${offText(coupon)}; ${durationText(coupon).toLowerCase()}`],
            ["For", appliesText(coupon, plans)],
            ["Uses", usesText(coupon)],
            ["Revenue after discount", formatUsdt(BigInt(coupon.revenue), { suffix: true })],
            ["Given up in discounts", formatUsdt(BigInt(coupon.discount), { suffix: true })],
          ].map(([term, value]) => (
            <div key={term} className="rounded-md bg-muted/50 p-3">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <CouponForm key={coupon?.id ?? "new"} coupon={coupon} plans={plans} />
      {coupon ? (
        <section aria-labelledby="coupon-uses" className="grid gap-3">
          <h2 id="coupon-uses" className="text-lg font-semibold">
            Uses
          </h2>
          <CouponRedemptions redemptions={redemptions} total={coupon.allUses} />
        </section>
      ) : null}
      {history ? <TargetHistory history={history} canReadAudit={canReadAudit} /> : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
