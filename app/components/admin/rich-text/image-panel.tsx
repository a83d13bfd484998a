import type { Editor } from "@tiptap/react";
import * as React from "react";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { Button } from "~/components/ui/button";
import { BODY_IMAGE_SIZES, imageAttributes } from "~/lib/uploads";

/*
 * The rich-text editor's image panel: upload an image with the image field (pick or
 * drop, preview, alt text), then insert it at the cursor with its srcset, sizes, width and height.
 * Only uploads are inserted: an image in a body is always one of ours.
 */
export function ImagePanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [src, setSrc] = React.useState("");
  const [alt, setAlt] = React.useState("");
  const id = React.useId();

  function insert() {
    if (!src) return;
    const { srcSet, width, height } = imageAttributes(src);
    editor
      .chain()
      .focus()
      .insertContent({
        type: "image",
        attrs: { src, alt: alt.trim(), srcset: srcSet ?? null, sizes: srcSet ? BODY_IMAGE_SIZES : null, width, height },
      })
      .run();
    onClose();
  }

  return (
    <div
      className="grid gap-3 border-b p-3"
      role="group"
      aria-label="Image"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          editor.commands.focus();
          onClose();
        }
      }}
    >
      <ImageUploadField
        id={`image-${id}`}
        label="Image to insert"
        value={src}
        onChange={(next) => setSrc(next)}
        alt={alt}
        onAltChange={setAlt}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={!src} onClick={insert}>
          Insert image
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            editor.commands.focus();
            onClose();
          }}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}
