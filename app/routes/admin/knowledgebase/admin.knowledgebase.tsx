import { KnowledgebaseTable } from "~/components/admin/knowledgebase/knowledgebase-table";
import { ListHeader } from "~/components/admin/list/list-header";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { knowledgebaseListSchema } from "~/lib/validation/admin/knowledgebase";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requireStaffPermission } from "#server/http/staff-guard";
import { deleteKnowledgebaseArticle } from "#server/staff/knowledgebase/delete-knowledgebase-article";
import { listKnowledgebaseArticles } from "#server/staff/knowledgebase/list-knowledgebase-articles";
import { moveKnowledgebaseArticle } from "#server/staff/knowledgebase/move-knowledgebase-article";
import { publishKnowledgebaseArticle } from "#server/staff/knowledgebase/publish-knowledgebase-article";
import type { Route } from "./+types/admin.knowledgebase";

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
        return {
          message: done.published
            ? `“${done.title}” is published: members see it now.`
            : `“${done.title}” is unpublished: members no longer see it.`,
        };
      }
      case "move": {
        const done = await moveKnowledgebaseArticle({ db, id: input.id, direction: input.direction, actor });
        return {
          message: done.changed
            ? `“${done.title}” is now number ${done.position}.`
            : `“${done.title}” is already ${input.direction === "up" ? "first" : "last"}.`,
        };
      }
      case "delete": {
        const done = await deleteKnowledgebaseArticle({ db, id: input.id, actor });
        return { message: `“${done.title}” is deleted.` };
      }
    }
  },
});

/** Knowledgebase (content roles): every article in members' order, published or not. */
export default function AdminKnowledgebase({ loaderData }: Route.ComponentProps) {
  const { articles, canWrite } = loaderData;
  return (
    <div className="grid gap-6">
      <ListHeader
        title="Knowledgebase"
        description="Members see the published articles in their dashboard, in this order."
        newItem={canWrite ? { to: "/admin/knowledgebase/new", label: "New article" } : null}
      />
      <KnowledgebaseTable articles={articles} canWrite={canWrite} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
