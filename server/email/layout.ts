import { escapeHtml } from "../lib/escape-markup.ts";

// Every dynamic value in an email body goes through escapeHtml.

/** A plain, widely-rendered HTML wrapper: brand header, paragraphs, an optional button and footnote. */
export function emailHtml(options: {
  brand: string;
  heading: string;
  paragraphs: string[];
  /**
   * Markup already made safe (a broadcast's sanitized document), placed after the paragraphs as
   * it is: never text a person typed in raw.
   */
  bodyHtml?: string;
  action?: { label: string; url: string };
  /** Small print with a link, e.g. why this email came and how to stop it. */
  footnote?: { text: string; linkLabel: string; url: string };
}) {
  const { brand, heading, paragraphs, action, footnote } = options;
  const body =
    paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join("") +
    (options.bodyHtml ? `<div style="line-height:1.5">${options.bodyHtml}</div>` : "");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : "";
  // A language and a title, so a screen reader in a mail client reads the message as English and
  // names it (some clients show an HTML email as a page of its own).
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;background:#f6f6f9;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:28px">
<p style="font-weight:700;font-size:18px;margin:0 0 20px">${escapeHtml(brand)}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}${button}
<p style="color:#666;font-size:12px;margin-top:28px">Trading carries risk. Trade only with money you can afford to lose.</p>${
    footnote
      ? `<p style="color:#666;font-size:12px;margin-top:8px">${escapeHtml(footnote.text)} <a href="${escapeHtml(footnote.url)}" style="color:#666">${escapeHtml(footnote.linkLabel)}</a></p>`
      : ""
  }
</div></body></html>`;
}
