import { HeroImageField } from "~/components/admin/posts/hero-image-field";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { POST_SEO_DESCRIPTION_MAX, POST_SEO_TITLE_MAX, type PostFields } from "~/lib/validation/admin/posts";

export type PostFieldValues = Omit<PostFields, "content" | "announceTelegram">;
type Change = <K extends keyof PostFieldValues>(key: K, value: PostFieldValues[K]) => void;

function TextField({
  id,
  label,
  name,
  values,
  errors,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  name: keyof PostFieldValues;
  values: PostFieldValues;
  errors: Record<string, string>;
  onChange: Change;
  hint?: string;
}) {
  return (
    <FormField id={id} label={label} error={errors[name]} hint={hint}>
      <Input
        id={id}
        name={name}
        value={values[name]}
        onChange={(event) => onChange(name, event.target.value)}
        aria-invalid={Boolean(errors[name]) || undefined}
        aria-describedby={errors[name] ? `${id}-error` : undefined}
      />
    </FormField>
  );
}

/** The post's title, address and byline. */
export function PostHeadFields({
  values,
  errors,
  onChange,
  onSlugEdited,
}: {
  values: PostFieldValues;
  errors: Record<string, string>;
  onChange: Change;
  onSlugEdited: () => void;
}) {
  return (
    <div className="grid gap-4">
      <TextField id="post-title" label="Title" name="title" values={values} errors={errors} onChange={onChange} />
      <FormField id="post-slug" label="Slug" error={errors.slug} hint={`The address: /blog/${values.slug || "…"}`}>
        <Input
          id="post-slug"
          name="slug"
          value={values.slug}
          onChange={(event) => {
            onSlugEdited();
            onChange("slug", event.target.value);
          }}
          aria-invalid={Boolean(errors.slug) || undefined}
          aria-describedby={errors.slug ? "post-slug-error" : undefined}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="post-category"
          label="Category"
          name="category"
          values={values}
          errors={errors}
          onChange={onChange}
        />
        <TextField id="post-author" label="Author" name="author" values={values} errors={errors} onChange={onChange} />
        <TextField
          id="post-author-role"
          label="Author role"
          name="authorRole"
          values={values}
          errors={errors}
          onChange={onChange}
        />
      </div>
      <FormField
        id="post-excerpt"
        label="Excerpt"
        error={errors.excerpt}
        hint="The summary on the blog's list and in the feed."
      >
        <Textarea
          id="post-excerpt"
          name="excerpt"
          rows={2}
          value={values.excerpt}
          onChange={(event) => onChange("excerpt", event.target.value)}
          aria-invalid={Boolean(errors.excerpt) || undefined}
          aria-describedby={errors.excerpt ? "post-excerpt-error" : undefined}
        />
      </FormField>
      <HeroImageField
        id="post-image"
        label="Hero image"
        value={values.image}
        onChange={(value) => onChange("image", value)}
        error={errors.image}
      />
    </div>
  );
}

/** What search engines and link previews show; empty fields fall back to the title, excerpt and hero image. */
export function PostSeoFields({
  values,
  errors,
  onChange,
}: {
  values: PostFieldValues;
  errors: Record<string, string>;
  onChange: Change;
}) {
  return (
    <fieldset className="grid gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-semibold">Search and social</legend>
      <TextField
        id="post-seo-title"
        label="SEO title"
        name="seoTitle"
        values={values}
        errors={errors}
        onChange={onChange}
        hint={`${values.seoTitle.length} of ${POST_SEO_TITLE_MAX} characters; empty: the title.`}
      />
      <FormField
        id="post-seo-description"
        label="SEO description"
        error={errors.seoDescription}
        hint={`${values.seoDescription.length} of ${POST_SEO_DESCRIPTION_MAX} characters; empty: the excerpt.`}
      >
        <Textarea
          id="post-seo-description"
          name="seoDescription"
          rows={2}
          value={values.seoDescription}
          onChange={(event) => onChange("seoDescription", event.target.value)}
          aria-invalid={Boolean(errors.seoDescription) || undefined}
          aria-describedby={errors.seoDescription ? "post-seo-description-error" : undefined}
        />
      </FormField>
      <HeroImageField
        id="post-social-image"
        label="Social image"
        value={values.socialImage}
        onChange={(value) => onChange("socialImage", value)}
        error={errors.socialImage}
        hint="For link previews; empty: the hero image."
      />
    </fieldset>
  );
}
