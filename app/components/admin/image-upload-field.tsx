import { ImageIcon, ImageUpIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { useImageUpload } from "~/components/admin/use-image-upload";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { imageAttributes } from "~/lib/uploads";
import { cn } from "~/lib/utils";
import type { UploadedImage } from "~/lib/validation/admin/image-upload";

/*
 * An image as a form field: pick a file or drop one, it is uploaded at once and the
 * field holds its address (what a form saves); a preview, the alt text where the image needs one,
 * the server's reason when a file is refused, and a button to remove the image. Back office only.
 */

/** The file types offered by the picker; the server still decides from the bytes. */
const ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export function ImageUploadField({
  id,
  label,
  value,
  onChange,
  alt,
  onAltChange,
  hint,
  error,
  previewSizes = "(min-width: 40rem) 40rem, 100vw",
  className,
}: {
  id: string;
  label: React.ReactNode;
  /** The image's address ("" for none): an upload's /uploads/… or an earlier image's address. */
  value: string;
  /** A new address (after an upload) or "" (removed); the upload's sizes come along. */
  onChange: (src: string, image?: UploadedImage) => void;
  /** The alt text, when the image has its own (a body image does; a hero image takes the post's title). */
  alt?: string;
  onAltChange?: (alt: string) => void;
  hint?: React.ReactNode;
  /** The form's error for this field. */
  error?: string;
  previewSizes?: string;
  className?: string;
}) {
  const { upload, busy, error: uploadError, setError } = useImageUpload();
  const [dragging, setDragging] = React.useState(false);
  const input = React.useRef<HTMLInputElement>(null);
  const message = uploadError ?? error;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  async function take(file: File | undefined) {
    if (!file) return;
    const image = await upload(file);
    if (image) onChange(image.src, image);
  }

  const preview = value ? imageAttributes(value) : null;
  return (
    <div data-slot="image-upload-field" className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <div
        className={cn(
          "grid gap-3 rounded-md border border-dashed p-3 transition-colors",
          dragging && "border-primary bg-primary/5",
          message && "border-destructive",
        )}
        onDragOver={(event) => {
          if (![...event.dataTransfer.types].includes("Files")) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void take(event.dataTransfer.files[0]);
        }}
      >
        {preview ? (
          <img
            src={preview.src}
            srcSet={preview.srcSet}
            sizes={preview.srcSet ? previewSizes : undefined}
            width={preview.width}
            height={preview.height}
            alt={alt ? `Preview: ${alt}` : "Preview of the chosen image"}
            className="max-h-72 w-full rounded-md bg-muted object-contain"
          />
        ) : (
          <div
            className={
              "flex min-h-28 flex-col items-center justify-center gap-1 text-center text-sm " + "text-muted-foreground"
            }
          >
            <ImageIcon aria-hidden="true" className="size-6" />
            <span>Drop an image here, or choose one. JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.</span>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2">
          {/* The file input stays a real, labelled control (keyboards, screen readers, tests); the button opens it. */}
          <input
            ref={input}
            id={id}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-invalid={message ? true : undefined}
            aria-describedby={[message ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file may be chosen again after a refusal or a removal.
              event.target.value = "";
              void take(file);
            }}
          />
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            <ImageUpIcon aria-hidden="true" />
            {busy ? "Uploading…" : value ? "Replace image" : "Choose image"}
          </Button>
          {value ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => {
                setError(null);
                onChange("");
              }}
            >
              <Trash2Icon aria-hidden="true" />
              Remove image
            </Button>
          ) : null}
          <span className="sr-only" aria-live="polite">
            {busy ? "Uploading the image…" : ""}
          </span>
        </div>
      </div>
      {onAltChange ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-alt`}>Alt text</Label>
          <Input
            id={`${id}-alt`}
            value={alt ?? ""}
            maxLength={250}
            placeholder="What the image shows, for people who cannot see it"
            onChange={(event) => onAltChange(event.target.value)}
          />
        </div>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{message}</FieldError>
    </div>
  );
}
