import { data } from "react-router";
import { BackLink } from "~/components/admin/back-link";
import { BroadcastForm } from "~/components/admin/broadcasts/broadcast-form";
import { BroadcastProgress } from "~/components/admin/broadcasts/broadcast-progress";
import { STATE_VARIANTS } from "~/components/admin/broadcasts/broadcast-texts";
import { CancelBroadcastButton } from "~/components/admin/broadcasts/cancel-broadcast-button";
import { TargetHistory } from "~/components/admin/target-history";
import { Badge } from "~/components/ui/badge";
import { CHANNEL_LABELS, STATE_LABELS } from "~/lib/broadcasts";
import { formatDateTime } from "~/lib/dates";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { broadcastActionSchema } from "~/lib/validation/admin/broadcasts";
import { newOrUuidParam, routeParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { readRouteParams } from "#server/http/route-params";
import { requireStaffPermission } from "#server/http/staff-guard";
import { AppError } from "#server/lib/errors";
import { cancelBroadcast } from "#server/staff/broadcasts/cancel-broadcast";
import { getBroadcast, listBroadcastPlans } from "#server/staff/broadcasts/list-broadcasts";
import { BROADCAST_MESSAGES } from "#server/staff/broadcasts/messages";
import { sendBroadcast } from "#server/staff/broadcasts/send-broadcast";
import { listTargetHistory } from "#server/staff/list-target-history";
import type { Route } from "./+types/admin.broadcasts.$broadcastId";

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded?.broadcast ? loaded.broadcast.subject : "New broadcast");

/** `/admin/broadcasts/new` or `/admin/broadcasts/<uuid>`; anything else is 404. */
const pageParams = routeParams({ broadcastId: newOrUuidParam });

export const permission = "broadcasts.send" satisfies StaffPermission;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const db = getDb();
  const { broadcastId: id } = readRouteParams(pageParams, params);
  const plans = await listBroadcastPlans({ db });
  if (id === "new") return { broadcast: null, plans, history: null, canReadAudit: false };
  const broadcast = await getBroadcast({ db, id });
  if (!broadcast) throw data("Not Found", { status: 404 });
  const history = await listTargetHistory({ db, target: { type: "broadcast", id } });
  return { broadcast, plans, history, canReadAudit: can(staff.role, "audit.read") };
}

/** Save the draft, send it now, schedule it, or cancel it; each audited with its outcome. */
export const action = defineAction({
  access: "staff",
  permission: "broadcasts.send",
  schema: broadcastActionSchema,
  params: pageParams,
  notFound: BROADCAST_MESSAGES.notFound,
  run: async ({ input, staff, params: { broadcastId } }) => {
    const db = getDb();
    if (input.intent === "cancel") {
      if (broadcastId === "new") throw new AppError("NOT_FOUND", BROADCAST_MESSAGES.notFound);
      return cancelBroadcast({ db, broadcastId, actor: staff.actor });
    }
    const { subject, body, channel, audience } = input;
    const when = input.intent === "save" ? "draft" : input.intent === "send" ? "now" : input.scheduledAt;
    return sendBroadcast({ db, broadcastId, input: { subject, body, channel, audience }, when, actor: staff.actor });
  },
});

export default function AdminBroadcast({ loaderData }: Route.ComponentProps) {
  const { broadcast, plans, history, canReadAudit } = loaderData;
  const editable = !broadcast || broadcast.state === "draft";
  return (
    <div className="grid min-w-0 gap-6">
      <BackLink to="/admin/broadcasts">All broadcasts</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words">
          {broadcast && !editable ? broadcast.subject : broadcast ? "Edit broadcast" : "New broadcast"}
        </h1>
        {broadcast ? <Badge variant={STATE_VARIANTS[broadcast.state]}>{STATE_LABELS[broadcast.state]}</Badge> : null}
        {broadcast && (broadcast.state === "scheduled" || broadcast.state === "sending") ? (
          <div className="ml-auto">
            <CancelBroadcastButton broadcast={broadcast} />
          </div>
        ) : null}
      </div>
      {editable ? (
        <BroadcastForm key={broadcast?.id ?? "new"} broadcast={broadcast} plans={plans} />
      ) : (
        <>
          <dl aria-label="This broadcast" className="grid gap-3 text-sm sm:grid-cols-3">
            {[
              ["Way", CHANNEL_LABELS[broadcast.channel]],
              ["Audience", broadcast.audienceText],
              ["Scheduled for", broadcast.scheduledAt ? formatDateTime(broadcast.scheduledAt) : "—"],
              ["Started", broadcast.startedAt ? formatDateTime(broadcast.startedAt) : "—"],
              ["Finished", broadcast.finishedAt ? formatDateTime(broadcast.finishedAt) : "—"],
              ["Cancelled", broadcast.cancelledAt ? formatDateTime(broadcast.cancelledAt) : "—"],
            ].map(([term, value]) => (
              <div key={term} className="min-w-0 rounded-md bg-muted/50 p-3">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="font-semibold break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <BroadcastProgress broadcast={broadcast} />
          <section aria-labelledby="broadcast-message" className="grid min-w-0 gap-3">
            <h2 id="broadcast-message" className="text-lg font-semibold">
              Message
            </h2>
            <div
              className="prose-content max-w-3xl min-w-0 rounded-md border p-4"
              // Stored sanitized on save: the editor's own tags only.
              dangerouslySetInnerHTML={{ __html: broadcast.body }}
            />
          </section>
        </>
      )}
      {history ? <TargetHistory history={history} canReadAudit={canReadAudit} /> : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
