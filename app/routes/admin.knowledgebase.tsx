import { ArrowDownIcon, ArrowUpIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionAnswer } from "~/lib/action-answer";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { knowledgebaseListSchema } from "~/lib/validation/admin/knowledgebase";
import type { AdminKnowledgebaseRow } from "~/lib/view-types/admin/knowledgebase";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { deleteKnowledgebaseArticle } from "#server/staff/knowledgebase/delete-knowledgebase-article";
import { listKnowledgebaseArticles } from "#server/staff/knowledgebase/list-knowledgebase-articles";
import { moveKnowledgebaseArticle } from "#server/staff/knowledgebase/move-knowledgebase-article";
import { publishKnowledgebaseArticle } from "#server/staff/knowledgebase/publish-knowledgebase-article";
import type { Route } from "./+types/admin.knowledgebase";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () => adminMeta("Knowledgebase");

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "content.read" satisfies StaffPermission;

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  return { articles: await listKnowledgebaseArticles({ db: getDb() }), canWrite: can(staff.role, "content.write") };
}

/** The list's buttons: publish or unpublish, move up or down, delete; each audited. */
export const action = defineAction({
  access: "staff",
  permission: "content.write",
  schema: knowledgebaseListSchema,
  run: async ({ input, staff }) => {
    const db = getDb();
    const actor = staff.actor;
    switch (input.intent) {
      case "publish": {
        const done = await publishKnowledgebaseArticle({ db, id: input.id, published: input.published, actor });
        return { message: done.published ? `“${done.title}” is published: members see it now.` : `“${done.title}” is unpublished: members no longer see it.` };
      }
      case "move": {
        const done = await moveKnowledgebaseArticle({ db, id: input.id, direction: input.direction, actor });
        return { message: done.changed ? `“${done.title}” is now number ${done.position}.` : `“${done.title}” is already ${input.direction === "up" ? "first" : "last"}.` };
      }
      case "delete": {
        const done = await deleteKnowledgebaseArticle({ db, id: input.id, actor });
        return { message: `“${done.title}” is deleted.` };
      }
    }
  },
});

type ListAnswer = ActionAnswer<{ message: string }>;

/** A fetcher whose answer becomes a toast. */
function useListAction() {
  const fetcher = useFetcher<ListAnswer>();
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) toast.success("Knowledgebase updated", { description: answer.message });
    else toast.error("Knowledgebase not changed", { description: answer.error });
  });
  return fetcher;
}

/** Knowledgebase (content roles): every article in members' order, published or not. */
export default function AdminKnowledgebase({ loaderData }: Route.ComponentProps) {
  const { articles, canWrite } = loaderData;
  // One fetcher for the whole list: its toast outlives a deleted row, and one change runs at a time.
  const fetcher = useListAction();
  const busy = fetcher.state !== "idle";
  const send = (id: number, fields: Record<string, string>) => void fetcher.submit({ id: String(id), ...fields }, { method: "post" });
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Knowledgebase</h1>
          <p className="text-sm text-muted-foreground">Members see the published articles in their dashboard, in this order.</p>
        </div>
        {canWrite ? (
          <Button asChild>
            <Link to="/admin/knowledgebase/new">
              <PlusIcon aria-hidden="true" />
              New article
            </Link>
          </Button>
        ) : null}
      </div>
      {articles.length === 0 ? (
        <p className="text-muted-foreground">No articles yet.</p>
      ) : (
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
      )}
    </div>
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
      <TableCell className="tabular-nums">{position}</TableCell>
      <TableCell className="font-medium">
        {canWrite ? (
          <Link to={`/admin/knowledgebase/${article.id}`} className="hover:underline">
            {article.title}
          </Link>
        ) : (
          article.title
        )}
      </TableCell>
      <TableCell>{article.published ? <Badge variant="success">Published</Badge> : <Badge variant="outline">Draft</Badge>}</TableCell>
      {canWrite ? (
        <TableCell>
          <div className="flex flex-wrap items-center justify-end gap-1">
            <Button type="button" variant="ghost" size="icon" aria-label={`Move “${article.title}” up`} title="Move up" disabled={busy || position === 1} onClick={() => send({ intent: "move", direction: "up" })}>
              <ArrowUpIcon aria-hidden="true" />
            </Button>
            <Button type="button" variant="ghost" size="icon" aria-label={`Move “${article.title}” down`} title="Move down" disabled={busy || last} onClick={() => send({ intent: "move", direction: "down" })}>
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
        <Button type="button" variant="ghost" size="icon" aria-label={`Delete “${title}”`} title="Delete" disabled={disabled}>
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

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
