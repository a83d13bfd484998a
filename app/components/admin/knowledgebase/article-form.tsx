import * as React from "react";
import { useFetcher, useNavigate } from "react-router";
import { BackLink } from "~/components/admin/back-link";
import { LeaveWithoutSavingDialog } from "~/components/admin/leave-dialog";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { useLeaveGuard } from "~/components/admin/use-leave-guard";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/sonner";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import type { ActionAnswer } from "~/lib/action-answer";
import { KNOWLEDGEBASE_TITLE_MAX, knowledgebaseArticleSchema } from "~/lib/validation/admin/knowledgebase";
import { fieldErrors } from "~/lib/validation/fields";
import type { AdminKnowledgebaseArticle } from "~/lib/view-types/admin/knowledgebase";

type SaveAnswer = ActionAnswer<{ id: number; created: boolean; changed: boolean }>;

/** The article editor: title and rich-text body (a new article when `article` is null). */
export function ArticleForm({ article }: { article: AdminKnowledgebaseArticle | null }) {
  const fetcher = useFetcher<SaveAnswer>();
  const navigate = useNavigate();
  const [title, setTitle] = React.useState(article?.title ?? "");
  const [content, setContent] = React.useState(article?.content ?? "");
  const [saved, setSaved] = React.useState({ title: article?.title ?? "", content: article?.content ?? "" });
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const sent = React.useRef({ title, content });
  const dirty = title !== saved.title || content !== saved.content;
  const busy = fetcher.state !== "idle";
  // Our own move to the saved article's page is never held back (allowWhile).
  const { blocker, allowWhile } = useLeaveGuard(dirty);

  useFetcherAnswer(fetcher, (answer) => {
    if (!answer.ok) {
      setErrors(answer.fieldErrors ?? {});
      toast.error("Article not saved", { description: answer.error });
      return;
    }
    setErrors({});
    setSaved(sent.current);
    if (answer.created) {
      toast.success("Article created", { description: "It stays a draft until you publish it from the list." });
      void allowWhile(() => navigate(`/admin/knowledgebase/${answer.id}`, { replace: true }));
    } else {
      toast.success(answer.changed ? "Article saved" : "Nothing to save", {
        description: answer.changed ? undefined : "The article has not changed.",
      });
    }
  });

  // A field's error goes as soon as the author changes it.
  const clearError = (field: string) =>
    setErrors((current) => (current[field] ? { ...current, [field]: "" } : current));
  const changeContent = React.useCallback((html: string) => {
    setContent(html);
    setErrors((current) => (current.content ? { ...current, content: "" } : current));
  }, []);

  function save(event: React.FormEvent) {
    event.preventDefault();
    const parsed = knowledgebaseArticleSchema.safeParse({ title, content });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    sent.current = { title, content };
    void fetcher.submit({ title, content }, { method: "post", encType: "application/json" });
  }

  return (
    <div className="grid max-w-4xl gap-6">
      <BackLink to="/admin/knowledgebase">All articles</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{article ? "Edit article" : "New article"}</h1>
        {article ? (
          article.published ? (
            <Badge variant="success">Published</Badge>
          ) : (
            <Badge variant="outline">Draft</Badge>
          )
        ) : null}
      </div>
      <form className="grid gap-6" onSubmit={save} noValidate aria-label={article ? "Edit article" : "New article"}>
        <FormField id="article-title" label="Title" error={errors.title}>
          <Input
            id="article-title"
            name="title"
            value={title}
            maxLength={KNOWLEDGEBASE_TITLE_MAX + 50}
            onChange={(event) => {
              setTitle(event.target.value);
              clearError("title");
            }}
            aria-invalid={Boolean(errors.title) || undefined}
            aria-describedby={errors.title ? "article-title-error" : undefined}
          />
        </FormField>
        <div className="grid gap-2">
          <Label id="article-body-label" onClick={() => document.getElementById("article-body")?.focus()}>
            Article
          </Label>
          <RichTextEditor
            id="article-body"
            labelId="article-body-label"
            defaultValue={article?.content ?? ""}
            onChange={changeContent}
            invalid={Boolean(errors.content)}
            describedBy={errors.content ? "article-body-error" : undefined}
          />
          {errors.content ? (
            <p id="article-body-error" role="alert" className="text-sm text-destructive">
              {errors.content}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : article ? "Save article" : "Create article"}
          </Button>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {dirty ? "Unsaved changes" : article ? "All changes saved" : ""}
          </p>
        </div>
      </form>
      <LeaveWithoutSavingDialog blocker={blocker} description="Your changes to this article are not saved yet." />
    </div>
  );
}
