import Link from "@tiptap/extension-link";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import * as React from "react";
import { BodyImage } from "~/components/admin/rich-text/image-node";
import { ImagePanel } from "~/components/admin/rich-text/image-panel";
import { LinkField, LinkShortcut } from "~/components/admin/rich-text/link-field";
import { isAllowedHref } from "~/components/admin/rich-text/link-href";
import { TABLE_NODES } from "~/components/admin/rich-text/table-nodes";
import { Toolbar } from "~/components/admin/rich-text/toolbar";
import { cn } from "~/lib/utils";

/*
 * The back office's rich-text editor, Tiptap 3 over ProseMirror: headings (h2, h3),
 * bold, italic, bulleted and numbered lists, links, quotes, inline code, code blocks and uploaded
 * images (rich-text/image-panel.tsx) — what
 * the sanitizer (server/content/sanitize.ts) keeps, nothing it would strip. It hands its HTML to
 * the form; the server sanitizes it on save with the rules the pages read it with. Imported only
 * by /admin routes, so it ships in the back office's chunks, never in public pages' JavaScript.
 */

/*
 * Its parts live in rich-text/: the toolbar and its buttons (toolbar.tsx, toolbar-buttons.ts), the
 * link field and its Mod-K shortcut (link-field.tsx), and the link address rules (link-href.ts).
 */
export { isAllowedHref, linkAttributes } from "~/components/admin/rich-text/link-href";

/** The editable area: a labelled multi-line textbox, with its error state. */
function attributesOf(options: {
  id: string;
  labelId: string;
  invalid?: boolean;
  describedBy?: string;
}): Record<string, string> {
  return {
    id: options.id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": options.labelId,
    ...(options.describedBy ? { "aria-describedby": options.describedBy } : {}),
    ...(options.invalid ? { "aria-invalid": "true" } : {}),
    class: "prose-content min-h-64 px-4 py-3 outline-none",
  };
}

export function RichTextEditor({
  id,
  labelId,
  defaultValue,
  onChange,
  invalid,
  describedBy,
  className,
}: {
  /** The editable area's id; `labelId` names it (the visible label's id). */
  id: string;
  labelId: string;
  /** The stored HTML to start from (read once). */
  defaultValue: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}) {
  // One panel at a time under the toolbar: the link field or the image panel.
  const [panel, setPanel] = React.useState<"link" | "image" | null>(null);
  const linkOpen = panel === "link";
  const setLinkOpen = React.useCallback((open: boolean) => setPanel(open ? "link" : null), []);
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    // Rendered in the browser only: the server sends the frame, the editor mounts on hydration.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: false }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        protocols: ["mailto"],
        // Set per link (linkAttributes): external links get target and rel, site paths none.
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => isAllowedHref(url),
      }),
      LinkShortcut.configure({ onOpen: () => setLinkOpen(true) }),
      BodyImage,
      ...TABLE_NODES,
    ],
    content: defaultValue,
    editorProps: {
      attributes: attributesOf({ id, labelId, invalid, describedBy }),
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? "" : current.getHTML()),
  });
  // A new error state changes the editable area's attributes, never the editor (which holds the text).
  React.useEffect(() => {
    if (editor && !editor.isDestroyed)
      editor.setOptions({
        editorProps: {
          attributes: attributesOf({ id, labelId, invalid, describedBy }),
        },
      });
  }, [editor, id, labelId, invalid, describedBy]);

  return (
    <div
      data-slot="rich-text-editor"
      className={cn(
        "rounded-md border bg-background shadow-xs focus-within:border-ring " +
          "focus-within:ring-[3px] focus-within:ring-ring/50",
        invalid && "border-destructive",
        className,
      )}
    >
      {editor ? (
        <Toolbar
          editor={editor}
          controls={id}
          onLink={() => setPanel((open) => (open === "link" ? null : "link"))}
          linkOpen={linkOpen}
          onImage={() => setPanel((open) => (open === "image" ? null : "image"))}
          imageOpen={panel === "image"}
        />
      ) : (
        <div className="h-11 border-b" aria-hidden="true" />
      )}
      {editor && linkOpen ? <LinkField editor={editor} onClose={() => setLinkOpen(false)} /> : null}
      {editor && panel === "image" ? <ImagePanel editor={editor} onClose={() => setPanel(null)} /> : null}
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        // Before the editor mounts: the stored text, read-only, so the page never jumps.
        <div
          className="prose-content min-h-64 px-4 py-3 text-muted-foreground"
          dangerouslySetInnerHTML={{ __html: defaultValue }}
        />
      )}
    </div>
  );
}
