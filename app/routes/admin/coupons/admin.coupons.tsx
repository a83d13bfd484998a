import { CouponsTable } from "~/components/admin/coupons/coupons-table";
import { ListHeader } from "~/components/admin/list/list-header";
import { adminMeta } from "~/lib/meta";
import type { StaffPermission } from "~/lib/staff-roles";
import { pauseCouponSchema } from "~/lib/validation/admin/coupons";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listCouponPlans } from "#server/staff/coupons/list-coupon-plans";
import { listCoupons } from "#server/staff/coupons/list-coupons";
import { pauseCoupon } from "#server/staff/coupons/pause-coupon";
import type { Route } from "./+types/admin.coupons";

export const meta: Route.MetaFunction = () => adminMeta("Coupons");

/** Codes change what members pay, so the whole section is for those who may move money. */
export const permission = "money.write" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPermission(request, permission);
  const [coupons, plans] = await Promise.all([listCoupons({ db: getDb() }), listCouponPlans({ db: getDb() })]);
  return { coupons, plans };
}

/** Pause or resume a code; audited. The list and each code's page post here. */
export const action = defineAction({
  access: "staff",
  permission: "money.write",
  schema: pauseCouponSchema,
  run: ({ input, staff }) =>
    pauseCoupon({ db: getDb(), couponId: input.couponId, paused: input.paused, actor: staff.actor }),
});

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <ListHeader title="Coupons" newItem={{ to: "/admin/coupons/new", label: "New code" }} />
      <CouponsTable coupons={loaderData.coupons} plans={loaderData.plans} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
