import { Extension, type Editor } from "@tiptap/react";
import * as React from "react";
import { isAllowedHref, linkAttributes } from "~/components/admin/rich-text/link-href";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";

/*
 * The rich-text editor's link field: the address of the selected text's link, checked
 * against what the sanitizer allows, and the Mod-K shortcut that opens it.
 */

/** Mod-K opens the link field, like most editors. */
export const LinkShortcut = Extension.create<{ onOpen: () => void }>({
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

/** The link's address, for the selected text or the link under the cursor. */
export function LinkField({ editor, onClose }: { editor: Editor; onClose: () => void }) {
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
      <FieldError id={`${inputId}-error`} className="w-full">
        {error}
      </FieldError>
    </div>
  );
}
