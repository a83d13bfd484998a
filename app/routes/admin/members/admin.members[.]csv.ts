import type { StaffPermission } from "~/lib/staff-roles";
import { parseMemberQuery } from "~/lib/validation/admin/members";
import { getDb } from "#server/db/client";
import { requireStaffPermission } from "#server/http/staff-guard";
import { streamMembersCsv } from "#server/staff/members/stream-members-csv";
import type { Route } from "./+types/admin.members[.]csv";

/** Who may download it: whoever may read the member list. */
export const permission = "members.read" satisfies StaffPermission;

/**
 * The member list's filtered set as CSV, streamed (no row limit; see streamMembersCsv). A filter
 * the list would drop is dropped here too, so the file holds what the page counts.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPermission(request, permission);
  const { query } = parseMemberQuery(new URL(request.url).searchParams);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(streamMembersCsv({ db: getDb(), query }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="members-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
