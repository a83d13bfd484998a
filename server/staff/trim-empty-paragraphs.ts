const EMPTY_PARAGRAPHS = ["<p></p>", "<p><br /></p>"];

/**
 * The rich-text editor keeps an empty paragraph to type after a list or a quote: none is stored
 * at either end (posts and knowledgebase articles alike).
 */
export function trimEmptyParagraphs(html: string): string {
  let out = html.trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const empty of EMPTY_PARAGRAPHS) {
      if (out.startsWith(empty)) [out, changed] = [out.slice(empty.length).trim(), true];
      if (out.endsWith(empty)) [out, changed] = [out.slice(0, -empty.length).trim(), true];
    }
  }
  return out;
}
