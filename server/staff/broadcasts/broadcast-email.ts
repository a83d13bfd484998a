import sanitizeHtmlLib from "sanitize-html";
import { emailHtml } from "../../email/layout.ts";
import type { Email } from "../../email/send-email.ts";
import { BROADCAST_MESSAGES } from "./messages.ts";
import { absoluteUrl, renderBroadcastText } from "./render-broadcast.ts";

/**
 * The body for mail apps: the stored (sanitized) document with the site's own addresses made
 * absolute, images as plain <img> (mail apps know no srcset or lazy loading) fitted to the
 * column, and the sanitizer's own tags only.
 */
export function broadcastEmailBody(html: string, siteUrl: string) {
  return sanitizeHtmlLib(html, {
    allowedTags: sanitizeHtmlLib.defaults.allowedTags.concat(["img", "h2", "h3", "h4", "figure", "figcaption"]),
    allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "width", "height", "style"] },
    allowedSchemes: ["https", "http", "mailto"],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, href: absoluteUrl(attribs.href ?? "", siteUrl) } }),
      img: (tagName, attribs) => ({
        tagName,
        attribs: {
          src: absoluteUrl(attribs.src ?? "", siteUrl),
          alt: attribs.alt ?? "",
          style: "max-width:100%;height:auto",
          ...(attribs.width ? { width: attribs.width } : {}),
        },
      }),
    },
  });
}

/**
 * One broadcast email: the document in the site's email layout, its text part, and the
 * one-click unsubscribe (RFC 2369 List-Unsubscribe with RFC 8058 List-Unsubscribe-Post): mail
 * apps show an unsubscribe button that posts to the link, which stops every later broadcast by
 * email.
 */
export function broadcastEmail(options: {
  to: string;
  subject: string;
  body: string;
  brandName: string;
  siteUrl: string;
  unsubscribeUrl: string;
}): Email {
  const { subject, brandName, siteUrl, unsubscribeUrl } = options;
  const why = BROADCAST_MESSAGES.emailWhy(brandName);
  const text = renderBroadcastText(options.body, { format: "text", siteUrl });
  return {
    to: options.to,
    subject,
    text: `${subject}\n\n${text}\n\n--\n${why}\nUnsubscribe: ${unsubscribeUrl}\n`,
    html: emailHtml({
      brand: brandName,
      heading: subject,
      paragraphs: [],
      bodyHtml: broadcastEmailBody(options.body, siteUrl),
      footnote: { text: why, linkLabel: "Unsubscribe", url: unsubscribeUrl },
    }),
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The unsubscribe page of one member's broadcast emails. */
export const broadcastUnsubscribeUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/broadcasts/unsubscribe?token=${encodeURIComponent(token)}`;

/** The bot's copy: the document in Telegram's HTML subset, and how to stop broadcasts. */
export function broadcastTelegramText(body: string, siteUrl: string) {
  return `${renderBroadcastText(body, { format: "telegram", siteUrl })}\n\n<i>${BROADCAST_MESSAGES.botFooter}</i>`;
}
