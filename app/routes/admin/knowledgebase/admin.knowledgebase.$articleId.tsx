import { data } from "react-router";
import { ArticleForm } from "~/components/admin/knowledgebase/article-form";
import { TargetHistory } from "~/components/admin/target-history";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { knowledgebaseArticleSchema } from "~/lib/validation/admin/knowledgebase";
import { newOrRecordIdParam, routeParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { readRouteParams } from "#server/http/route-params";
import { requireStaffPermission } from "#server/http/staff-guard";
import { createKnowledgebaseArticle } from "#server/staff/knowledgebase/create-knowledgebase-article";
import { getKnowledgebaseArticle } from "#server/staff/knowledgebase/get-knowledgebase-article";
import { updateKnowledgebaseArticle } from "#server/staff/knowledgebase/update-knowledgebase-article";
import { listTargetHistory } from "#server/staff/list-target-history";
import type { Route } from "./+types/admin.knowledgebase.$articleId";

/** "new", or an article's id; anything else is no page. */
const pageParams = routeParams({ articleId: newOrRecordIdParam });

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(`${loaded?.article ? loaded.article.title : "New article"} · Knowledgebase`);

/** Who may open this page (the role matrix and the route-module rules read it). */
export const permission = "content.write" satisfies StaffPermission;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const { articleId: id } = readRouteParams(pageParams, params);
  const canReadAudit = can(staff.role, "audit.read");
  if (id === "new") return { article: null, history: null, canWrite: can(staff.role, "content.write"), canReadAudit };
  const article = await getKnowledgebaseArticle({ db: getDb(), id });
  if (!article) throw data("Not Found", { status: 404 });
  const history = await listTargetHistory({ db: getDb(), target: { type: "knowledgebase", id: String(article.id) } });
  return { article, history, canWrite: can(staff.role, "content.write"), canReadAudit };
}

/** Saves a new article (unpublished, last) or an edited one; the body sanitized on save, audited. */
export const action = defineAction({
  access: "staff",
  permission: "content.write",
  schema: knowledgebaseArticleSchema,
  params: pageParams,
  notFound: "Unknown article.",
  run: async ({ input, staff, params: { articleId: id } }) => {
    if (id === "new") {
      const created = await createKnowledgebaseArticle({
        db: getDb(),
        title: input.title,
        content: input.content,
        actor: staff.actor,
      });
      return { id: created.id, created: true, changed: true };
    }
    const saved = await updateKnowledgebaseArticle({
      db: getDb(),
      id,
      title: input.title,
      content: input.content,
      actor: staff.actor,
    });
    return { id: saved.id, created: false, changed: saved.changed };
  },
});

/** The article editor: title and rich-text body. */
export default function AdminKnowledgebaseArticle({ loaderData }: Route.ComponentProps) {
  const { article, history, canReadAudit } = loaderData;
  // A new article becomes its own page once saved: the form starts again from what was stored.
  return (
    <div className="grid max-w-4xl gap-10">
      <ArticleForm key={article?.id ?? "new"} article={article} />
      {history ? <TargetHistory history={history} canReadAudit={canReadAudit} /> : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
