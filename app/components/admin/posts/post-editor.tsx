import * as React from "react";
import { useNavigate } from "react-router";
import { BackLink } from "~/components/admin/back-link";
import { LeaveWithoutSavingDialog } from "~/components/admin/leave-dialog";
import { AnnounceField } from "~/components/admin/posts/announce-field";
import { PostActions, type PostIntent } from "~/components/admin/posts/post-actions";
import { PostHeadFields, PostSeoFields, type PostFieldValues } from "~/components/admin/posts/post-fields";
import { PostStatusBadge } from "~/components/admin/posts/post-status-badge";
import { usePostSender } from "~/components/admin/posts/use-post-sender";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { useLeaveGuard } from "~/components/admin/use-leave-guard";
import type { ActionBody } from "~/components/forms/use-action";
import { useForm } from "~/components/forms/use-form";
import { toast } from "~/components/ui/sonner";
import { formatDateTime } from "~/lib/dates";
import { postFieldsSchema, slugFromTitle, type PostFields, type PostStatus } from "~/lib/validation/admin/posts";
import type { AdminPost, AnnouncementChannelView } from "~/lib/view-types/admin/posts";

/** Typing stops for this long before a draft is saved. */
export const AUTOSAVE_DELAY_MS = 1500;

const EMPTY: PostFields = {
  title: "",
  slug: "",
  category: "",
  excerpt: "",
  author: "",
  authorRole: "",
  image: "",
  content: "",
  seoTitle: "",
  seoDescription: "",
  socialImage: "",
  announceTelegram: false,
};

function fieldsOf(post: AdminPost | null): PostFields {
  if (!post) return EMPTY;
  const { title, slug, category, excerpt, author, authorRole, image, content, seoTitle, seoDescription, socialImage } =
    post;
  return {
    title,
    slug,
    category,
    excerpt,
    author,
    authorRole,
    image,
    content,
    seoTitle,
    seoDescription,
    socialImage,
    announceTelegram: post.announceTelegram,
  };
}

const same = (a: PostFields, b: PostFields) =>
  (Object.keys(a) as (keyof PostFields)[]).every((key) => a[key] === b[key]);

/**
 * The post editor: fields, the rich-text body, and the status buttons. A draft is
 * saved by itself once typing stops ("Saving…", "Saved"); a scheduled or published post only
 * by its Update button, so readers never see half an edit. Leaving with unsaved changes asks.
 */
export function PostEditor({
  post,
  channel,
  onPreview,
}: {
  post: AdminPost | null;
  channel: AnnouncementChannelView | null;
  onPreview: (fields: PostFields) => void;
}) {
  const navigate = useNavigate();
  // A refusal is a toast: the server's text, or (from the browser's own check) where to look.
  const form = useForm<PostFields>({
    initial: fieldsOf(post),
    refusal: ({ error }) => toast.error("Post not saved", { description: error ?? "Check the fields marked in red." }),
  });
  const { values: fields, errors, setValues, setErrors } = form;
  const [saved, setSaved] = React.useState<PostFields>(() => fieldsOf(post));
  const [note, setNote] = React.useState<"saved" | "failed" | null>(null);
  // A new post's slug follows its title until someone edits the slug; a post that was ever public keeps its address.
  const [slugFollows, setSlugFollows] = React.useState(
    () => !post || (post.status === "draft" && !post.publishedAt && post.slug === slugFromTitle(post.title)),
  );
  const [refused, setRefused] = React.useState<PostFields | null>(null);
  const status: PostStatus = post?.status ?? "draft";
  const dirty = !same(fields, saved);
  const { blocker, allowWhile } = useLeaveGuard(dirty);

  // Always the post's own address: a new post is created once, whatever its page's address says yet.
  const sender = usePostSender(post?.id ?? null, (answer, sent) => {
    if (!answer.ok) {
      setRefused(sent);
      setNote("failed");
      return form.refuse(answer);
    }
    setErrors({});
    setRefused(null);
    setSaved(sent);
    setNote("saved");
    if (answer.message) toast.success(answer.message);
    if (answer.created) {
      // The new post's own address; the form stays as it is (the author may still be typing).
      void allowWhile(() =>
        navigate(`/admin/posts/${answer.id}`, { replace: true, preventScrollReset: true, state: { created: true } }),
      );
    }
  });
  const { busy, postId } = sender;

  const autosaveTimer = React.useRef<number | undefined>(undefined);
  function send(intent: PostIntent, extra: ActionBody = {}) {
    // A button takes over a pending autosave (its fields go with it). The router hands React the
    // fetcher's new state as a transition, so until "Saving…" commits the timer could still fire
    // and, on this one fetcher, replace the button's answer (its toast) with the autosave's.
    if (!extra.autosave) window.clearTimeout(autosaveTimer.current);
    setNote(null);
    const withFields = intent === "save" || intent === "publish" || intent === "schedule";
    sender.send({ intent, ...(withFields ? fields : {}), ...extra }, fields);
  }
  const sendRef = React.useRef(send);
  sendRef.current = send;

  // Autosave: drafts only, once typing stops, when the fields pass the shared schema, never the same refused text twice.
  const autosave =
    status === "draft" &&
    dirty &&
    !busy &&
    postFieldsSchema.safeParse(fields).success &&
    !(refused && same(refused, fields));
  React.useEffect(() => {
    if (!autosave) return;
    const timer = window.setTimeout(() => sendRef.current("save", { autosave: true }), AUTOSAVE_DELAY_MS);
    autosaveTimer.current = timer;
    return () => window.clearTimeout(timer);
  }, [autosave, fields]);

  const change = React.useCallback(
    <K extends keyof PostFieldValues>(key: K, value: PostFieldValues[K]) => {
      setValues((current) => ({
        ...current,
        [key]: value,
        ...(key === "title" && slugFollows ? { slug: slugFromTitle(String(value)) } : {}),
      }));
      setErrors((current) => (current[key] ? { ...current, [key]: "" } : current));
    },
    [slugFollows, setValues, setErrors],
  );
  const changeContent = React.useCallback(
    (html: string) => setValues((current) => ({ ...current, content: html })),
    [setValues],
  );

  /** Explicit buttons check the whole form first, like the server will. */
  function act(intent: PostIntent, extra: ActionBody = {}) {
    if (intent === "save" || intent === "publish" || intent === "schedule") {
      form.submit(postFieldsSchema, () => send(intent, extra))();
    } else {
      send(intent, extra);
    }
  }

  const stateText = busy
    ? "Saving…"
    : dirty
      ? note === "failed"
        ? "Not saved"
        : "Unsaved changes"
      : note === "saved"
        ? "Saved"
        : post
          ? "All changes saved"
          : "";
  return (
    <div className="grid max-w-4xl gap-6">
      <BackLink to="/admin/posts">All posts</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{post ? "Edit post" : "New post"}</h1>
        <PostStatusBadge status={status} />
        {status === "scheduled" && post?.scheduledAt ? (
          <span className="text-sm text-muted-foreground">Publishes {formatDateTime(post.scheduledAt)}</span>
        ) : null}
        <p className="ml-auto text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="save-state">
          {stateText}
        </p>
      </div>
      <form
        className="grid gap-6"
        onSubmit={(event) => (event.preventDefault(), act("save"))}
        noValidate
        aria-label={post ? "Edit post" : "New post"}
      >
        <PostHeadFields values={fields} errors={errors} onChange={change} onSlugEdited={() => setSlugFollows(false)} />
        <RichTextField
          id="post-body"
          label="Body"
          defaultValue={post?.content ?? ""}
          onChange={changeContent}
          error={errors.content}
        />
        <PostSeoFields values={fields} errors={errors} onChange={change} />
        <AnnounceField
          postId={postId}
          checked={fields.announceTelegram}
          onChange={(announceTelegram) => setValues((current) => ({ ...current, announceTelegram }))}
          channel={channel}
          status={status}
          announcement={post?.announcement ?? null}
        />
        <PostActions
          status={status}
          fields={fields}
          busy={busy}
          saved={Boolean(post)}
          slug={saved.slug}
          scheduledAt={status === "scheduled" ? (post?.scheduledAt ?? null) : null}
          onAct={act}
          onPreview={() => onPreview(fields)}
        />
      </form>
      <LeaveWithoutSavingDialog blocker={blocker} description="Your changes to this post are not saved yet." />
    </div>
  );
}
