import * as React from "react";
import { useNavigate } from "react-router";
import { BackLink } from "~/components/admin/back-link";
import { LeaveWithoutSavingDialog } from "~/components/admin/leave-dialog";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { useLeaveGuard } from "~/components/admin/use-leave-guard";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { KNOWLEDGEBASE_TITLE_MAX, knowledgebaseArticleSchema } from "~/lib/validation/admin/knowledgebase";
import type { AdminKnowledgebaseArticle } from "~/lib/view-types/admin/knowledgebase";

type SaveAnswer = ActionAnswer<{ id: number; created: boolean; changed: boolean }>;

/** The article editor: title and rich-text body (a new article when `article` is null). */
export function ArticleForm({ article }: { article: AdminKnowledgebaseArticle | null }) {
  const navigate = useNavigate();
  // A refusal from the server is a toast; the browser's own check only marks the fields.
  const form = useForm({
    initial: { title: article?.title ?? "", content: article?.content ?? "" },
    clearOnChange: true,
    refusal: (refusal) => {
      if (refusal.error !== undefined) toast.error("Article not saved", { description: refusal.error });
    },
  });
  const { values, errors, setValues, setErrors } = form;
  const [saved, setSaved] = React.useState({ title: article?.title ?? "", content: article?.content ?? "" });
  const sent = React.useRef(values);
  const dirty = values.title !== saved.title || values.content !== saved.content;
  // Our own move to the saved article's page is never held back (allowWhile).
  const { blocker, allowWhile } = useLeaveGuard(dirty);

  const { submit, busy } = useStaffAction<SaveAnswer>((answer) => {
    if (!answer.ok) {
      form.refuse(answer);
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

  // Stable for the rich-text editor; a field's error goes as soon as the author changes it.
  const changeContent = React.useCallback(
    (html: string) => {
      setValues((current) => ({ ...current, content: html }));
      setErrors((current) => (current.content ? { ...current, content: "" } : current));
    },
    [setValues, setErrors],
  );

  const save = form.submit(knowledgebaseArticleSchema, () => {
    sent.current = values;
    void submit({ title: values.title, content: values.content });
  });

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
      {/* Unnamed: the page's heading says what it is, and a form called "New article" around the
          field "Article" named one thing twice. */}
      <form className="grid gap-6" onSubmit={save} noValidate>
        <FormField id="article-title" label="Title" error={errors.title}>
          <Input
            id="article-title"
            name="title"
            {...form.field("title")}
            maxLength={KNOWLEDGEBASE_TITLE_MAX + 50}
            aria-describedby={errors.title ? "article-title-error" : undefined}
          />
        </FormField>
        <RichTextField
          id="article-body"
          label="Article"
          defaultValue={article?.content ?? ""}
          onChange={changeContent}
          error={errors.content}
        />
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
