import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { EmptyState } from "~/components/admin/list/empty-state";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { formatSignedPercent } from "~/components/results/format";
import { RESULT_TYPE_LABELS } from "~/components/results/result-types";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { plural } from "~/lib/plural";
import type { StaffResult } from "~/lib/view-types/admin/results";
import type { ResultType } from "~/lib/view-types/content";
import type { ResultAnswer } from "./use-result-action";

/** One market type's results in /results order, with publish, move, edit and delete for writers. */
export function ResultsTable({
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
  const { submit, busy } = useStaffAction<ResultAnswer>((answer) => {
    if (answer.ok) toast.success(answer.message);
    else toast.error("Result not changed", { description: answer.error });
  });
  if (rows.length === 0) return <EmptyState className="py-8 text-center">No {label} results yet.</EmptyState>;
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
              <TableCell label="#" className="tabular-nums text-muted-foreground">
                {i + 1}
              </TableCell>
              <TableCell className="font-medium">{row.title}</TableCell>
              <TableCell label="Signals" className="text-right tabular-nums">
                {row.signals}
              </TableCell>
              <TableCell label="Wins" className="text-right tabular-nums">
                {row.wins}
              </TableCell>
              <TableCell label="Losses" className="text-right tabular-nums">
                {row.losses}
              </TableCell>
              <TableCell label="Total" className="text-right tabular-nums">
                {formatSignedPercent(row.totalPercentage)}
              </TableCell>
              <TableCell label="Win rate" className="text-right tabular-nums">
                {row.winRate}%
              </TableCell>
              <TableCell>
                {row.published ? <Badge variant="success">Published</Badge> : <Badge variant="outline">Draft</Badge>}
              </TableCell>
              {canWrite ? (
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() =>
                        submit({ intent: "publish", id: String(row.id), published: row.published ? "false" : "true" })
                      }
                      aria-label={`${row.published ? "Unpublish" : "Publish"} ${row.title}`}
                    >
                      {row.published ? "Unpublish" : "Publish"}
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      disabled={busy || i === 0}
                      onClick={() => submit({ intent: "move", id: String(row.id), direction: "up" })}
                      aria-label={`Move ${row.title} up`}
                    >
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
                    <Button
                      size="icon"
                      variant="ghost"
                      onClick={() => onDelete(row)}
                      aria-label={`Delete ${row.title}`}
                    >
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
