import { mergeAttributes, Node } from "@tiptap/react";

/*
 * Tables in the rich-text editor: kept, not built. Posts written before the back
 * office (the demo content among them) hold tables of figures; without these nodes the editor
 * would parse them into loose paragraphs and a save would lose the table. The schema mirrors what
 * the sanitizer allows (table, thead, tbody, tr, th with scope, td, colspan, rowspan), and a
 * cell holds a line of formatted text, as those tables do. Text in a cell can be edited; rows and
 * columns are not added or removed here (Tiptap's table extension lags the editor's version).
 */

const span = (name: "colspan" | "rowspan") => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
  renderHTML: (attributes: Record<string, unknown>) => (attributes[name] ? { [name]: attributes[name] } : {}),
});

export const TableNode = Node.create({
  name: "table",
  group: "block",
  content: "tableHead? tableBody",
  isolating: true,
  parseHTML: () => [{ tag: "table" }],
  renderHTML: ({ HTMLAttributes }) => ["table", mergeAttributes(HTMLAttributes), 0],
});

export const TableHeadNode = Node.create({
  name: "tableHead",
  content: "tableRow+",
  parseHTML: () => [{ tag: "thead" }],
  renderHTML: () => ["thead", 0],
});

export const TableBodyNode = Node.create({
  name: "tableBody",
  content: "tableRow+",
  parseHTML: () => [{ tag: "tbody" }],
  renderHTML: () => ["tbody", 0],
});

export const TableRowNode = Node.create({
  name: "tableRow",
  content: "(tableHeaderCell | tableCell)+",
  parseHTML: () => [{ tag: "tr" }],
  renderHTML: () => ["tr", 0],
});

export const TableHeaderCellNode = Node.create({
  name: "tableHeaderCell",
  content: "inline*",
  isolating: true,
  addAttributes: () => ({
    colspan: span("colspan"),
    rowspan: span("rowspan"),
    scope: {
      default: null,
      parseHTML: (element: HTMLElement) => element.getAttribute("scope"),
      renderHTML: (attributes: Record<string, unknown>) => (attributes.scope ? { scope: attributes.scope } : {}),
    },
  }),
  parseHTML: () => [{ tag: "th" }],
  renderHTML: ({ HTMLAttributes }) => ["th", HTMLAttributes, 0],
});

export const TableCellNode = Node.create({
  name: "tableCell",
  content: "inline*",
  isolating: true,
  addAttributes: () => ({ colspan: span("colspan"), rowspan: span("rowspan") }),
  parseHTML: () => [{ tag: "td" }],
  renderHTML: ({ HTMLAttributes }) => ["td", HTMLAttributes, 0],
});

/** Every node of a kept table, for the editor's extension list. */
export const TABLE_NODES = [TableNode, TableHeadNode, TableBodyNode, TableRowNode, TableHeaderCellNode, TableCellNode];
