import type { Editor } from "@tiptap/react";
import {
  BoldIcon,
  CodeIcon,
  Heading2Icon,
  Heading3Icon,
  ItalicIcon,
  ListIcon,
  ListOrderedIcon,
  SquareCodeIcon,
  TextQuoteIcon,
  type LucideIcon,
} from "lucide-react";

/*
 * The rich-text editor's formatting buttons, in their toolbar groups: each with its
 * label, keyboard shortcut, icon, whether it is on for the selection, and what it does.
 */

export type ToolbarButton = {
  label: string;
  shortcut: string;
  icon: LucideIcon;
  isActive: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

export const BUTTONS: ToolbarButton[][] = [
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
