import type { Page } from "@playwright/test";

/** Roles a person fills in or sets: each must answer to its own name only. */
const FIELDS = new Set([
  "textbox",
  "searchbox",
  "combobox",
  "checkbox",
  "radio",
  "switch",
  "spinbutton",
  "slider",
  "listbox",
]);
/** Named containers a label search also finds. */
const CONTAINERS = new Set(["form", "search", "group", "region", "dialog", "alertdialog", "radiogroup"]);
/** Containers named for what they do with their fields: their name must not repeat a field's. */
const FORMS = new Set(["form", "search"]);

type Node = { role: string; name: string; depth: number };

/** Whether `words` occurs in `text` as whole words ("status" in "change the status", not "to" in "stop"). */
function containsWords(text: string, words: string): boolean {
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u").test(text);
}

/** The page's accessibility tree as Playwright computes names, one node per line of its snapshot. */
function parseSnapshot(snapshot: string): Node[] {
  const nodes: Node[] = [];
  for (const line of snapshot.split("\n")) {
    const match = /^(\s*)- ([a-z]+)(?: ("(?:[^"\\]|\\.)*"))?/.exec(line);
    if (!match) continue;
    const name = match[3] ? (JSON.parse(match[3]) as string) : "";
    nodes.push({ depth: match[1]!.length, role: match[2]!, name: name.trim().toLowerCase() });
  }
  return nodes;
}

/**
 * Fields that share their name with a container around them: a form (or search) whose name holds
 * a field's name ("Fix the Telegram username" around "Telegram username"), or any named group,
 * region or dialog called exactly what a field inside it is called. A label search then finds two
 * things, and a screen reader announces one name twice for two different things.
 */
export function doubledNames(snapshot: string): string[] {
  const nodes = parseSnapshot(snapshot);
  const found: string[] = [];
  const open: Node[] = [];
  for (const node of nodes) {
    while (open.length > 0 && open.at(-1)!.depth >= node.depth) open.pop();
    if (FIELDS.has(node.role) && node.name) {
      for (const container of open) {
        const same = container.name === node.name;
        const repeats = FORMS.has(container.role) && containsWords(container.name, node.name);
        if (same || repeats) found.push(`${container.role} "${container.name}" around ${node.role} "${node.name}"`);
      }
    }
    if (CONTAINERS.has(node.role) && node.name) open.push(node);
  }
  return found;
}

/** The doubled names on the page as it is now. */
export async function pageDoubledNames(page: Page): Promise<string[]> {
  return doubledNames(await page.locator("body").ariaSnapshot());
}
