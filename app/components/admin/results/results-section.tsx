import { PlusIcon } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { DeleteResultDialog } from "~/components/admin/results/delete-result-dialog";
import { ResultFormDialog } from "~/components/admin/results/result-form-dialog";
import { ResultsCsvImport } from "~/components/admin/results/results-csv-import";
import { ResultsTable } from "~/components/admin/results/results-table";
import { RESULT_TYPE_LABELS } from "~/components/results/result-types";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { ResultTypeCounts, StaffResult } from "~/lib/view-types/admin/results";
import { RESULT_TYPES, type ResultType } from "~/lib/view-types/content";

/**
 * The results of one market type, in the order /results shows them, with tabs for the others; a
 * writer adds, edits, deletes and imports here (the dialogs share the page's one open row).
 */
export function ResultsSection({
  type,
  rows,
  counts,
  canWrite,
}: {
  type: ResultType;
  rows: StaffResult[];
  counts: ResultTypeCounts;
  canWrite: boolean;
}) {
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
                  "inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium " +
                    "text-muted-foreground hover:text-foreground",
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

      <ResultsTable
        type={type}
        rows={rows}
        canWrite={canWrite}
        published={counts[type].published}
        onEdit={open}
        onDelete={setDeleting}
      />

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
