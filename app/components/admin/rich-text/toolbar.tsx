import { useEditorState, type Editor } from "@tiptap/react";
import { ImageIcon, LinkIcon, Redo2Icon, Undo2Icon, type LucideIcon } from "lucide-react";
import * as React from "react";
import { BUTTONS } from "~/components/admin/rich-text/toolbar-buttons";
import { Button } from "~/components/ui/button";

/*
 * The rich-text editor's toolbar: the formatting buttons, the link button that opens
 * the link field, the image button that opens the image panel, undo and redo — each named, with its shortcut in its title and aria-keyshortcuts.
 */

const mac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const keys = (shortcut: string) =>
  shortcut
    .replace("Mod", mac() ? "⌘" : "Ctrl")
    .replace("Alt", mac() ? "⌥" : "Alt")
    .replaceAll("-", "+");

export function Toolbar({
  editor,
  controls,
  onLink,
  linkOpen,
  onImage,
  imageOpen,
}: {
  editor: Editor;
  controls: string;
  onLink: () => void;
  linkOpen: boolean;
  onImage: () => void;
  imageOpen: boolean;
}) {
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
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      className="flex flex-wrap items-center gap-1 border-b p-1"
    >
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
      <ToolButton
        label="Link"
        shortcut="Mod-K"
        icon={LinkIcon}
        pressed={state.link}
        expanded={linkOpen}
        onClick={onLink}
      />
      <ToolButton label="Image" icon={ImageIcon} expanded={imageOpen} onClick={onImage} />
      <span aria-hidden="true" className="mx-1 h-5 w-px bg-border" />
      <ToolButton
        label="Undo"
        shortcut="Mod-Z"
        icon={Undo2Icon}
        disabled={!state.canUndo}
        onClick={() => editor.chain().focus().undo().run()}
      />
      <ToolButton
        label="Redo"
        shortcut="Mod-Shift-Z"
        icon={Redo2Icon}
        disabled={!state.canRedo}
        onClick={() => editor.chain().focus().redo().run()}
      />
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
  shortcut?: string;
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
      aria-keyshortcuts={shortcut ? shortcut.replace("Mod", "Control").replaceAll("-", "+") : undefined}
      title={shortcut ? `${label} (${keys(shortcut)})` : label}
      disabled={disabled}
      // Keeps the text selection while the button is clicked.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
