import sanitizeHtmlLib from "sanitize-html";

// Allow-list for blog and knowledgebase bodies (DESIGN.md §6): text formatting, headings,
// lists, tables, links, images from our own site or https, and nothing that runs.
const options: sanitizeHtmlLib.IOptions = {
  allowedTags: [
    "h2", "h3", "h4", "p", "br", "hr", "strong", "b", "em", "i", "u", "s", "blockquote", "code", "pre",
    "ul", "ol", "li", "a", "img", "figure", "figcaption", "table", "thead", "tbody", "tr", "th", "td", "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  transformTags: {
    // External links open safely in a new tab.
    a: (tagName, attribs) => {
      // Browsers read the scheme in any case and after leading white space: so do we.
      const external = /^\s*https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } : attribs,
      };
    },
  },
};

/** Cleans author HTML before it is stored; pages render only stored, cleaned HTML. */
export function sanitizeHtml(html: string): string {
  return sanitizeHtmlLib(html, options);
}
