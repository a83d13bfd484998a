import sanitizeHtmlLib from "sanitize-html";
import { BODY_IMAGE_SIZES, imageAttributes, parseUploadPath } from "~/lib/uploads";

// Allow-list for blog and knowledgebase bodies: text formatting, headings,
// lists, tables, links, images that are our uploads, and nothing that runs.
const options: sanitizeHtmlLib.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading"],
    th: ["scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["https", "http", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    img: (tagName, attribs) => ({ tagName, attribs: imageAttribs(attribs) }),
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

/**
 * An image's attributes. Only our uploads (/uploads/<hash>-<w>x<h>.webp) stay images: they get
 * their srcset, sizes, width and height worked out from the address — whatever the author's HTML
 * said — so they are always right and cleaning twice changes nothing. Any other address is
 * dropped, https included: the pages' Content-Security-Policy loads images from this site (and
 * the uploads bucket) only, so a foreign image could only show broken, and it would hand every
 * reader's address to a third party. The editor's image button uploads; a pasted foreign image
 * loses its address on save. This is the one rule for images' addresses (no scheme list).
 */
function imageAttribs(attribs: Record<string, string>): Record<string, string> {
  const src = attribs.src ?? "";
  const { srcset: _srcset, sizes: _sizes, ...rest } = attribs;
  if (parseUploadPath(src)) {
    const upload = imageAttributes(src);
    const { src: _src, width: _width, height: _height, ...others } = rest;
    // Below the fold as a rule: loaded as the reader scrolls near, unless the author said otherwise.
    return {
      src,
      srcset: upload.srcSet!,
      sizes: BODY_IMAGE_SIZES,
      width: String(upload.width),
      height: String(upload.height),
      loading: "lazy",
      ...others,
    };
  }
  const { src: _dropped, ...withoutSrc } = rest;
  return withoutSrc;
}

/** Cleans author HTML before it is stored; pages render only stored, cleaned HTML. */
export function sanitizeHtml(html: string): string {
  return sanitizeHtmlLib(html, options);
}
