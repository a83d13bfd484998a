import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionAnswer } from "~/lib/action-answer";
import type { AdminKnowledgebaseRow } from "~/lib/view-types/admin/knowledgebase";

type ListAnswer = ActionAnswer<{ message: string }>;

/** The list's one action, whose answer becomes a toast. */
function useListAction() {
  return useStaffAction<ListAnswer>((answer) => {
    if (answer.ok) toast.success("Knowledgebase updated", { description: answer.message });
    else toast.error("Knowledgebase not changed", { description: answer.error });
  });
}

/** Every article in members' order, published or not; a writer's buttons publish, move, edit and delete. */
export function KnowledgebaseTable({ articles, canWrite }: { articles: AdminKnowledgebaseRow[]; canWrite: boolean }) {
  // One action for the whole list: its toast outlives a deleted row, and one change runs at a time.
  const { submit, busy } = useListAction();
  const send = (id: number, fields: Record<string, string>) => void submit({ id: String(id), ...fields });
  if (articles.length === 0) return <EmptyState>No articles yet.</EmptyState>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-16">Order</TableHead>
          <TableHead>Title</TableHead>
          <TableHead>Status</TableHead>
          {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {articles.map((article, index) => (
          <ArticleRow
            key={article.id}
            article={article}
            position={index + 1}
            last={index === articles.length - 1}
            canWrite={canWrite}
            busy={busy}
            send={(fields) => send(article.id, fields)}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function ArticleRow({
  article,
  position,
  last,
  canWrite,
  busy,
  send,
}: {
  article: AdminKnowledgebaseRow;
  position: number;
  last: boolean;
  canWrite: boolean;
  busy: boolean;
  send: (fields: Record<string, string>) => void;
}) {
  return (
    <TableRow>
      <TableCell label="Order" className="tabular-nums">
        {position}
      </TableCell>
      <TableCell className="font-medium">
        {canWrite ? (
          <Link to={`/admin/knowledgebase/${article.id}`} className="hover:underline">
            {article.title}
          </Link>
        ) : (
          article.title
        )}
      </TableCell>
      <TableCell>
        {article.published ? <Badge variant="success">Published</Badge> : <Badge variant="outline">Draft</Badge>}
      </TableCell>
      {canWrite ? (
        <TableCell>
          <div className="flex flex-wrap items-center justify-end gap-1">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move “${article.title}” up`}
              title="Move up"
              disabled={busy || position === 1}
              onClick={() => send({ intent: "move", direction: "up" })}
            >
              <ArrowUpIcon aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move “${article.title}” down`}
              title="Move down"
              disabled={busy || last}
              onClick={() => send({ intent: "move", direction: "down" })}
            >
              <ArrowDownIcon aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`${article.published ? "Unpublish" : "Publish"} “${article.title}”`}
              disabled={busy}
              onClick={() => send({ intent: "publish", published: String(!article.published) })}
            >
              {article.published ? "Unpublish" : "Publish"}
            </Button>
            <Button asChild variant="ghost" size="icon" aria-label={`Edit “${article.title}”`} title="Edit">
              <Link to={`/admin/knowledgebase/${article.id}`}>
                <PencilIcon aria-hidden="true" />
              </Link>
            </Button>
            <DeleteButton title={article.title} disabled={busy} onConfirm={() => send({ intent: "delete" })} />
          </div>
        </TableCell>
      ) : null}
    </TableRow>
  );
}

function DeleteButton({ title, disabled, onConfirm }: { title: string; disabled: boolean; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Delete “${title}”`}
          title="Delete"
          disabled={disabled}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      }
      title="Delete this article?"
      description={`“${title}” disappears from members’ dashboards. The audit log keeps its text.`}
      confirm="Delete article"
      destructive
      onConfirm={onConfirm}
    />
  );
}
