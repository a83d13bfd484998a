import Link from "@tiptap/extension-link";
import { EditorContent, Extension, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  BoldIcon,
  CodeIcon,
  Heading2Icon,
  Heading3Icon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  Redo2Icon,
  SquareCodeIcon,
  TextQuoteIcon,
  Undo2Icon,
  type LucideIcon,
} from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/*
 * The back office's rich-text editor (issue #16), Tiptap 3 over ProseMirror: headings (h2, h3),
 * bold, italic, bulleted and numbered lists, links, quotes, inline code and code blocks — what
 * the sanitizer (server/content/sanitize.ts) keeps, nothing it would strip. It hands its HTML to
 * the form; the server sanitizes it on save with the rules the pages read it with. Imported only
 * by /admin routes, so it ships in the back office's chunks, never in public pages' JavaScript.
 */

/** What a link's attributes are once stored: external links open in a new tab, safely (as the sanitizer sets them). */
export function linkAttributes(href: string): {
  href: string;
  target: string | null;
  rel: string | null;
} {
  const external = /^\s*https?:\/\//i.test(href);
  return external ? { href, target: "_blank", rel: "noopener noreferrer nofollow" } : { href, target: null, rel: null };
}

/** Only what the sanitizer allows: http(s), mailto and site paths; never javascript: or data:. */
export function isAllowedHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith("/") && !value.startsWith("//")) return true;
  if (value.startsWith("#")) return true;
  return /^(https?:\/\/[^\s/]+|mailto:\S+@\S+)/i.test(value);
}

type ToolbarButton = {
  label: string;
  shortcut: string;
  icon: LucideIcon;
  isActive: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

const mac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const keys = (shortcut: string) => shortcut.replace("Mod", mac() ? "⌘" : "Ctrl").replace("Alt", mac() ? "⌥" : "Alt").replaceAll("-", "+");

const BUTTONS: ToolbarButton[][] = [
  [
    {
      label: "Heading",
      shortcut: "Mod-Alt-2",
      icon: Heading2Icon,
      isActive: (e) => e.isActive("heading", { level: 2 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: "Subheading",
      shortcut: "Mod-Alt-3",
      icon: Heading3Icon,
      isActive: (e) => e.isActive("heading", { level: 3 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
  ],
  [
    {
      label: "Bold",
      shortcut: "Mod-B",
      icon: BoldIcon,
      isActive: (e) => e.isActive("bold"),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      label: "Italic",
      shortcut: "Mod-I",
      icon: ItalicIcon,
      isActive: (e) => e.isActive("italic"),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      label: "Code",
      shortcut: "Mod-E",
      icon: CodeIcon,
      isActive: (e) => e.isActive("code"),
      run: (e) => e.chain().focus().toggleCode().run(),
    },
  ],
  [
    {
      label: "Bulleted list",
      shortcut: "Mod-Shift-8",
      icon: ListIcon,
      isActive: (e) => e.isActive("bulletList"),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      label: "Numbered list",
      shortcut: "Mod-Shift-7",
      icon: ListOrderedIcon,
      isActive: (e) => e.isActive("orderedList"),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      label: "Quote",
      shortcut: "Mod-Shift-B",
      icon: TextQuoteIcon,
      isActive: (e) => e.isActive("blockquote"),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
    {
      label: "Code block",
      shortcut: "Mod-Alt-C",
      icon: SquareCodeIcon,
      isActive: (e) => e.isActive("codeBlock"),
      run: (e) => e.chain().focus().toggleCodeBlock().run(),
    },
  ],
];

/** Mod-K opens the link field, like most editors. */
const LinkShortcut = Extension.create<{ onOpen: () => void }>({
  name: "linkShortcut",
  addOptions: () => ({ onOpen: () => {} }),
  addKeyboardShortcuts() {
    return {
      "Mod-k": () => {
        this.options.onOpen();
        return true;
      },
    };
  },
});

/** The editable area: a labelled multi-line textbox, with its error state. */
function attributesOf(options: { id: string; labelId: string; invalid?: boolean; describedBy?: string }): Record<string, string> {
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
  const [linkOpen, setLinkOpen] = React.useState(false);
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
        "rounded-md border bg-background shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50",
        invalid && "border-destructive",
        className,
      )}
    >
      {editor ? (
        <Toolbar editor={editor} controls={id} onLink={() => setLinkOpen((open) => !open)} linkOpen={linkOpen} />
      ) : (
        <div className="h-11 border-b" aria-hidden="true" />
      )}
      {editor && linkOpen ? <LinkField editor={editor} onClose={() => setLinkOpen(false)} /> : null}
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        // Before the editor mounts: the stored text, read-only, so the page never jumps.
        <div className="prose-content min-h-64 px-4 py-3 text-muted-foreground" dangerouslySetInnerHTML={{ __html: defaultValue }} />
      )}
    </div>
  );
}

function Toolbar({ editor, controls, onLink, linkOpen }: { editor: Editor; controls: string; onLink: () => void; linkOpen: boolean }) {
  // Re-renders the toolbar only when what it shows changes (Tiptap 3 does not re-render on every transaction).
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      pressed: BUTTONS.flat().map((button) => button.isActive(e)),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  let index = 0;
  return (
    <div role="toolbar" aria-label="Formatting" aria-controls={controls} className="flex flex-wrap items-center gap-1 border-b p-1">
      {BUTTONS.map((group, g) => (
        <React.Fragment key={g}>
          {group.map((button) => {
            const pressed = state.pressed[index++] ?? false;
            return (
              <ToolButton
                key={button.label}
                label={button.label}
                shortcut={button.shortcut}
                icon={button.icon}
                pressed={pressed}
                onClick={() => button.run(editor)}
              />
            );
          })}
          <span aria-hidden="true" className="mx-1 h-5 w-px bg-border" />
        </React.Fragment>
      ))}
      <ToolButton label="Link" shortcut="Mod-K" icon={LinkIcon} pressed={state.link} expanded={linkOpen} onClick={onLink} />
      <span aria-hidden="true" className="mx-1 h-5 w-px bg-border" />
      <ToolButton label="Undo" shortcut="Mod-Z" icon={Undo2Icon} disabled={!state.canUndo} onClick={() => editor.chain().focus().undo().run()} />
      <ToolButton label="Redo" shortcut="Mod-Shift-Z" icon={Redo2Icon} disabled={!state.canRedo} onClick={() => editor.chain().focus().redo().run()} />
    </div>
  );
}

function ToolButton({
  label,
  shortcut,
  icon: Icon,
  pressed,
  expanded,
  disabled,
  onClick,
}: {
  label: string;
  shortcut: string;
  icon: LucideIcon;
  pressed?: boolean;
  expanded?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8 aria-pressed:bg-accent aria-pressed:text-accent-foreground"
      aria-label={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      aria-expanded={expanded}
      aria-keyshortcuts={shortcut.replace("Mod", "Control").replaceAll("-", "+")}
      title={`${label} (${keys(shortcut)})`}
      disabled={disabled}
      // Keeps the text selection while the button is clicked.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

/** The link's address, for the selected text or the link under the cursor. */
function LinkField({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const current = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [href, setHref] = React.useState(current);
  const [error, setError] = React.useState<string | null>(null);
  const inputId = React.useId();

  function apply() {
    const value = href.trim();
    if (!value) return remove();
    if (!isAllowedHref(value)) {
      setError("Use an address starting with https://, http://, mailto: or / (a page of this site).");
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    // Without selected text, the address itself becomes the link's text.
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain
        .insertContent({
          type: "text",
          text: value,
          marks: [{ type: "link", attrs: linkAttributes(value) }],
        })
        .run();
    } else {
      chain.setLink(linkAttributes(value)).run();
    }
    onClose();
  }

  function remove() {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  }

  return (
    <div className="flex flex-wrap items-center gap-2 border-b p-2" role="group" aria-label="Link">
      <label htmlFor={inputId} className="text-sm font-medium">
        Link address
      </label>
      <Input
        id={inputId}
        autoFocus
        value={href}
        placeholder="https://…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className="h-8 min-w-48 flex-1"
        onChange={(event) => {
          setHref(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            apply();
          } else if (event.key === "Escape") {
            event.preventDefault();
            editor.commands.focus();
            onClose();
          }
        }}
      />
      <Button type="button" size="sm" onClick={apply}>
        Apply link
      </Button>
      {current ? (
        <Button type="button" size="sm" variant="outline" onClick={remove}>
          Remove link
        </Button>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
