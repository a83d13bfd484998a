import { sanitizeHtml } from "../../content/sanitize.ts";

/*
 * A broadcast's body is the back office's rich-text document: sanitized HTML (content/sanitize.ts).
 * Telegram's sendMessage understands a small HTML subset (b, i, u, s, a, code, pre, blockquote)
 * and no paragraphs, headings, lists, tables or images; these turn the document into that
 * subset, and into plain text for the email's text part. Cleaned HTML holds only the tags the
 * sanitizer allows, with quoted attributes and only &amp; &lt; &gt; &quot; as entities (which
 * Telegram also knows), so a small tokenizer reads it reliably.
 */

/** Telegram's limit on one message, counted after its markup is parsed. */
export const TELEGRAM_MESSAGE_LIMIT = 4096;

type Token = { kind: "open" | "close"; tag: string; attrs: Record<string, string> } | { kind: "text"; text: string };

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g)) {
    if (match[4] !== undefined) tokens.push({ kind: "text", text: match[4] });
    else {
      const attrs: Record<string, string> = {};
      for (const a of (match[3] ?? "").matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) attrs[a[1]!.toLowerCase()] = a[2]!;
      tokens.push({ kind: match[1] ? "close" : "open", tag: match[2]!.toLowerCase(), attrs });
    }
  }
  return tokens;
}

const INLINE: Record<string, string> = { strong: "b", b: "b", em: "i", i: "i", u: "u", s: "s", code: "code" };
const BLOCKS = new Set(["p", "h2", "h3", "h4", "li", "blockquote", "pre", "table", "figcaption", "hr"]);

const decode = (text: string) =>
  text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** An address as a member's chat or mail app needs it: the site's own paths made absolute. */
export function absoluteUrl(href: string, siteUrl: string) {
  if (/^(https?:|mailto:)/i.test(href)) return href;
  return href.startsWith("/") ? `${siteUrl}${href}` : href;
}

/**
 * The document as Telegram HTML (`format: "telegram"`) or plain text (`"text"`): one blank line
 * between blocks, headings bold, list items bulleted or numbered, table rows one line each with
 * " | " between cells; images are left out of the bot's copy (a text message has none) and named
 * by their description in the text.
 */
export function renderBroadcastText(html: string, options: { format: "telegram" | "text"; siteUrl: string }) {
  const telegram = options.format === "telegram";
  const out: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  const links: string[] = [];
  let cellsInRow = 0;
  let inPre = false;
  const blockBreak = () => {
    const last = out.join("").replace(/[ \t]+$/, "");
    // Nothing yet, a blank line already, or a quote just opened: no (further) break.
    if (last === "" || last.endsWith("\n\n") || last.endsWith("<blockquote>")) return;
    out.push(last.endsWith("\n") ? "\n" : "\n\n");
  };
  /** A container closes right after its last text, not after the break its last block left. */
  const trimTail = () => {
    const joined = out.join("").trimEnd();
    out.splice(0, out.length, joined);
  };
  const lineBreak = () => {
    if (!out.join("").endsWith("\n") && out.length > 0) out.push("\n");
  };
  for (const token of tokenize(sanitizeHtml(html))) {
    if (token.kind === "text") {
      // Markup's own line breaks are not the reader's: white space collapses as a browser shows it.
      const text = inPre ? token.text : token.text.replace(/\s+/g, " ");
      out.push(telegram ? text : decode(text));
      continue;
    }
    const { tag } = token;
    if (token.kind === "open") {
      if (tag === "br") out.push("\n");
      else if (tag === "ul" || tag === "ol") {
        lineBreak();
        lists.push({ ordered: tag === "ol", n: 0 });
      } else if (tag === "li") {
        lineBreak();
        const list = lists.at(-1);
        const indent = "  ".repeat(Math.max(0, lists.length - 1));
        if (list) out.push(`${indent}${list.ordered ? `${++list.n}.` : "•"} `);
      } else if (tag === "tr") {
        lineBreak();
        cellsInRow = 0;
      } else if (tag === "td" || tag === "th") {
        if (cellsInRow++ > 0) out.push(" | ");
      } else if (tag === "hr") {
        blockBreak();
        out.push("———");
        blockBreak();
      } else if (tag === "img") {
        if (!telegram && token.attrs.alt) out.push(`[${decode(token.attrs.alt)}]`);
      } else {
        if (BLOCKS.has(tag) && lists.length === 0) blockBreak();
        if (tag === "pre") inPre = true;
        if (!telegram) {
          if (tag === "a") links.push(absoluteUrl(decode(token.attrs.href ?? ""), options.siteUrl));
          continue;
        }
        if (tag === "a") {
          const href = absoluteUrl(decode(token.attrs.href ?? ""), options.siteUrl);
          links.push(href);
          out.push(`<a href="${href.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}">`);
        } else if (tag === "h2" || tag === "h3" || tag === "h4") out.push("<b>");
        else if (tag === "blockquote") out.push("<blockquote>");
        else if (tag === "pre") out.push("<pre>");
        else if (tag === "figcaption") out.push("<i>");
        // Inside <pre> Telegram wants the text alone, not a <code> in it.
        else if (INLINE[tag] && !(tag === "code" && inPre)) out.push(`<${INLINE[tag]}>`);
      }
      continue;
    }
    // Closing tags.
    if (tag === "pre") inPre = false;
    if (tag === "ul" || tag === "ol") {
      lists.pop();
      if (lists.length === 0) blockBreak();
    } else if (tag === "li" || tag === "tr") lineBreak();
    else if (tag === "a") {
      const href = links.pop() ?? "";
      if (telegram) out.push("</a>");
      else if (href && !out.join("").endsWith(href)) out.push(` (${href})`);
    } else if (telegram) {
      if (tag === "h2" || tag === "h3" || tag === "h4") out.push("</b>");
      else if (tag === "blockquote") {
        trimTail();
        out.push("</blockquote>");
      } else if (tag === "pre") out.push("</pre>");
      else if (tag === "figcaption") out.push("</i>");
      else if (INLINE[tag] && !(tag === "code" && inPre)) out.push(`</${INLINE[tag]}>`);
    }
    if (BLOCKS.has(tag) && lists.length === 0) blockBreak();
  }
  return out
    .join("")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** How long Telegram counts a message: its text once the markup is taken away. */
export function telegramTextLength(telegramHtml: string) {
  return [...decode(telegramHtml.replace(/<[^>]+>/g, ""))].length;
}
