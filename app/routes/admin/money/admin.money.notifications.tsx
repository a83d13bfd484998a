import { FailedNotificationsTable } from "~/components/admin/money/failed-notifications-table";
import { MoneyTabs } from "~/components/admin/money/money-tabs";
import { useMoneyAction } from "~/components/admin/money/use-money-action";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import {
  FAILED_NOTIFICATIONS_PAGE_SIZE,
  failedNotificationsQuerySchema,
  retryNotificationSchema,
} from "~/lib/validation/admin/money";
import type { FailedNotificationsView } from "~/lib/view-types/admin/money";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { listFailedNotifications } from "#server/staff/money/list-failed-notifications";
import { retryFailedNotification } from "#server/staff/money/retry-failed-notification";
import type { Route } from "./+types/admin.money.notifications";

export const meta: Route.MetaFunction = () => adminMeta("Failed notifications");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "money.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs): Promise<FailedNotificationsView> {
  const { staff } = await requireStaffPermission(request, permission);
  const { before } = failedNotificationsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listFailedNotifications({ db: getDb(), before, pageSize: FAILED_NOTIFICATIONS_PAGE_SIZE });
  return { ...list, before, canRetry: can(staff.role, "money.write") };
}

// Sending a member's billing notice again is money work: the people who may move money may do it.
export const action = defineAction({
  access: "staff",
  permission: "money.write",
  schema: retryNotificationSchema,
  run: async ({ input, staff }) => {
    const { message } = await retryFailedNotification({
      db: getDb(),
      notificationId: input.notificationId,
      channel: input.channel,
      actor: staff.actor,
    });
    return { message };
  },
});

/** Notifications whose email or Telegram copy failed, with their error and a Retry each. */
export default function AdminMoneyNotifications({ loaderData }: Route.ComponentProps) {
  const { send, busy } = useMoneyAction();
  return (
    <div className="grid min-w-0 gap-6">
      <h1 className="text-2xl font-bold">Money</h1>
      <MoneyTabs />
      <FailedNotificationsTable
        view={loaderData}
        busy={busy}
        onRetry={(d) => send({ intent: "retry", notificationId: d.notificationId, channel: d.channel })}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
