import * as React from "react";
import { Link } from "react-router";
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { ResultFormDialog } from "~/components/admin/results/result-form-dialog";
import { ResultsCsvImport } from "~/components/admin/results/results-csv-import";
import { useResultAction } from "~/components/admin/results/use-result-action";
import { formatSignedPercent } from "~/components/results/format";
import { parseResultType, RESULT_TYPE_LABELS } from "~/components/results/result-types";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { parseResultsCsv, validCsvRows } from "~/lib/results-csv";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { cn } from "~/lib/utils";
import { resultActionSchema } from "~/lib/validation/results";
import type { StaffResult } from "~/lib/view-types/admin-results";
import { RESULT_TYPES, type ResultType } from "~/lib/view-types/content";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { AppError } from "#server/lib/errors";
import { createResult } from "#server/staff/content/create-result";
import { deleteResult } from "#server/staff/content/delete-result";
import { importResults } from "#server/staff/content/import-results";
import { listResultsForStaff } from "#server/staff/content/list-results-for-staff";
import { moveResult } from "#server/staff/content/move-result";
import { setResultPublished } from "#server/staff/content/set-result-published";
import { updateResult } from "#server/staff/content/update-result";
import type { Route } from "./+types/admin.results";

export const meta: Route.MetaFunction = () => [{ title: "Results · Back office" }, { name: "robots", content: "noindex, nofollow" }];

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "content.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  // The same tabs and default as the public /results page.
  const type = parseResultType(new URL(request.url).searchParams.get("type"));
  const { rows, counts } = await listResultsForStaff({ db: getDb(), type });
  return { type, rows, counts, canWrite: can(staff.role, "content.write") };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Add, edit, delete, publish or unpublish, move, and import from CSV (issue #16); every change
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
        return { message: `Added “${created.title}” to ${RESULT_TYPE_LABELS[created.type]}${created.published ? " (published)" : " as a draft"}.` };
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
        return { message: input.published ? `Published “${result.title}” on /results.` : `Took “${result.title}” off /results.` };
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
          const message = preview.error ?? `${plural(rowErrors.length, "row")} of ${preview.rows.length} ${rowErrors.length === 1 ? "has" : "have"} errors: nothing was imported.`;
          throw new AppError("VALIDATION", message, { answer: { csvError: preview.error, rowErrors } });
        }
        const imported = await importResults({ db, rows, actor });
        return { message: `Imported ${plural(imported.count, "result")} (${imported.published} published).` };
      }
    }
  },
});

export default function AdminResults({ loaderData }: Route.ComponentProps) {
  const { type, rows, counts, canWrite } = loaderData;
  const [editing, setEditing] = React.useState<StaffResult | null>(null);
  const [formOpen, setFormOpen] = React.useState(false);
  const [deleting, setDeleting] = React.useState<StaffResult | null>(null);
  const open = (row: StaffResult | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Results</h1>
        {canWrite ? (
          <Button onClick={() => open(null)}>
            <PlusIcon aria-hidden="true" />
            New result
          </Button>
        ) : null}
      </div>

      <nav aria-label="Market type">
        <ul className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
          {RESULT_TYPES.map((t) => (
            <li key={t}>
              <Link
                to={`?type=${t}`}
                aria-current={t === type ? "page" : undefined}
                className={cn(
                  "inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground",
                  t === type && "bg-background text-foreground shadow-sm",
                )}
              >
                {RESULT_TYPE_LABELS[t]}
                <span className="text-xs tabular-nums text-muted-foreground">{counts[t].total}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <ResultsTable type={type} rows={rows} canWrite={canWrite} published={counts[type].published} onEdit={open} onDelete={setDeleting} />

      {canWrite ? (
        <>
          <ResultsCsvImport />
          <ResultFormDialog open={formOpen} onOpenChange={setFormOpen} row={editing} defaultType={type} />
          <DeleteResultDialog row={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </div>
  );
}

function ResultsTable({
  type,
  rows,
  canWrite,
  published,
  onEdit,
  onDelete,
}: {
  type: ResultType;
  rows: StaffResult[];
  canWrite: boolean;
  published: number;
  onEdit: (row: StaffResult) => void;
  onDelete: (row: StaffResult) => void;
}) {
  const label = RESULT_TYPE_LABELS[type];
  const { submit, busy } = useResultAction((answer) => {
    if (answer.ok) toast.success(answer.message);
    else toast.error("Result not changed", { description: answer.error });
  });
  if (rows.length === 0) return <p className="py-8 text-center text-muted-foreground">No {label} results yet.</p>;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        {plural(rows.length, "result")}, {published} published. /results shows the published ones in this order.
      </p>
      <Table aria-label={`${label} results`}>
        <TableHeader>
          <TableRow>
            <TableHead>#</TableHead>
            <TableHead>Title</TableHead>
            <TableHead className="text-right">Signals</TableHead>
            <TableHead className="text-right">Wins</TableHead>
            <TableHead className="text-right">Losses</TableHead>
            <TableHead className="text-right">Total</TableHead>
            <TableHead className="text-right">Win rate</TableHead>
            <TableHead>State</TableHead>
            {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={row.id}>
              <TableCell className="tabular-nums text-muted-foreground">{i + 1}</TableCell>
              <TableCell className="font-medium">{row.title}</TableCell>
              <TableCell className="text-right tabular-nums">{row.signals}</TableCell>
              <TableCell className="text-right tabular-nums">{row.wins}</TableCell>
              <TableCell className="text-right tabular-nums">{row.losses}</TableCell>
              <TableCell className="text-right tabular-nums">{formatSignedPercent(row.totalPercentage)}</TableCell>
              <TableCell className="text-right tabular-nums">{row.winRate}%</TableCell>
              <TableCell>{row.published ? <Badge variant="success">Published</Badge> : <Badge variant="outline">Draft</Badge>}</TableCell>
              {canWrite ? (
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() => submit({ intent: "publish", id: String(row.id), published: row.published ? "false" : "true" })}
                      aria-label={`${row.published ? "Unpublish" : "Publish"} ${row.title}`}
                    >
                      {row.published ? "Unpublish" : "Publish"}
                    </Button>
                    <Button size="icon" variant="ghost" disabled={busy || i === 0} onClick={() => submit({ intent: "move", id: String(row.id), direction: "up" })} aria-label={`Move ${row.title} up`}>
                      <ArrowUpIcon aria-hidden="true" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      disabled={busy || i === rows.length - 1}
                      onClick={() => submit({ intent: "move", id: String(row.id), direction: "down" })}
                      aria-label={`Move ${row.title} down`}
                    >
                      <ArrowDownIcon aria-hidden="true" />
                    </Button>
                    <Button size="icon" variant="ghost" onClick={() => onEdit(row)} aria-label={`Edit ${row.title}`}>
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    <Button size="icon" variant="ghost" onClick={() => onDelete(row)} aria-label={`Delete ${row.title}`}>
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </div>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function DeleteResultDialog({ row, onClose }: { row: StaffResult | null; onClose: () => void }) {
  const { submit, busy } = useResultAction((answer) => {
    if (answer.ok) toast.success(answer.message);
    else toast.error("Result not deleted", { description: answer.error });
    onClose();
  });
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete this result?</DialogTitle>
          <DialogDescription>
            {row ? `“${row.title}” (${RESULT_TYPE_LABELS[row.type]}) is removed from the back office and from /results. The audit log keeps what it held.` : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={busy || !row} onClick={() => row && submit({ intent: "delete", id: String(row.id) })}>
            {busy ? "Deleting..." : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
