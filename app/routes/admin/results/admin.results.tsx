import { ResultsSection } from "~/components/admin/results/results-section";
import { parseResultType, RESULT_TYPE_LABELS } from "~/components/results/result-types";
import { adminMeta } from "~/lib/meta";
import { plural } from "~/lib/plural";
import { parseResultsCsv, validCsvRows } from "~/lib/results-csv";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { resultActionSchema } from "~/lib/validation/admin/results";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { AppError } from "#server/lib/errors";
import { createResult } from "#server/staff/results/create-result";
import { deleteResult } from "#server/staff/results/delete-result";
import { importResults } from "#server/staff/results/import-results";
import { listResultsForStaff } from "#server/staff/results/list-results-for-staff";
import { moveResult } from "#server/staff/results/move-result";
import { setResultPublished } from "#server/staff/results/set-result-published";
import { updateResult } from "#server/staff/results/update-result";
import type { Route } from "./+types/admin.results";

export const meta: Route.MetaFunction = () => adminMeta("Results");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "content.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  // The same tabs and default as the public /results page.
  const type = parseResultType(new URL(request.url).searchParams.get("type"));
  const { rows, counts } = await listResultsForStaff({ db: getDb(), type });
  return { type, rows, counts, canWrite: can(staff.role, "content.write") };
}

/**
 * Add, edit, delete, publish or unpublish, move, and import from CSV; every change
 * audited in its transaction, and /results shows it at once (the content trigger empties the page
 * cache on every instance).
 */
export const action = defineAction({
  access: "staff",
  permission: "content.write",
  schema: resultActionSchema,
  run: async ({ input, staff }) => {
    const db = getDb();
    const actor = staff.actor;
    switch (input.intent) {
      case "create": {
        const { intent: _intent, ...fields } = input;
        const created = await createResult({ db, input: fields, actor });
        return {
          message: `Added “${created.title}” to ${RESULT_TYPE_LABELS[created.type]}${created.published ? " (published)" : " as a draft"}.`,
        };
      }
      case "update": {
        const { intent: _intent, id, ...fields } = input;
        const { result, changed } = await updateResult({ db, id, input: fields, actor });
        return { message: changed ? `Saved “${result.title}”.` : "Nothing to change." };
      }
      case "delete": {
        const deleted = await deleteResult({ db, id: input.id, actor });
        return { message: `Deleted “${deleted.title}”.` };
      }
      case "publish": {
        const { result, changed } = await setResultPublished({ db, id: input.id, published: input.published, actor });
        if (!changed) return { message: `“${result.title}” is already ${result.published ? "published" : "a draft"}.` };
        return {
          message: input.published
            ? `Published “${result.title}” on /results.`
            : `Took “${result.title}” off /results.`,
        };
      }
      case "move": {
        await moveResult({ db, id: input.id, direction: input.direction, actor });
        return { message: `Moved ${input.direction}.` };
      }
      case "import": {
        const preview = parseResultsCsv(input.csv);
        const rows = validCsvRows(preview);
        if (!rows) {
          const rowErrors = preview.rows.filter((r) => r.input === null).map(({ line, errors }) => ({ line, errors }));
          const message =
            preview.error ??
            `${plural(rowErrors.length, "row")} of ${preview.rows.length} ${rowErrors.length === 1 ? "has" : "have"} errors: nothing was imported.`;
          throw new AppError("VALIDATION", message, { answer: { csvError: preview.error, rowErrors } });
        }
        const imported = await importResults({ db, rows, actor });
        return { message: `Imported ${plural(imported.count, "result")} (${imported.published} published).` };
      }
    }
  },
});

export default function AdminResults({ loaderData }: Route.ComponentProps) {
  return <ResultsSection {...loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
