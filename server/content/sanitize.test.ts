import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize.ts";

describe("sanitizeHtml", () => {
  it("keeps the formatting articles use", () => {
    const html =
      "<h2>Risk</h2><p>Use <strong>1%</strong> and <em>stops</em>.</p><ul><li>one</li></ul>" +
      ('<table><thead><tr><th scope="col">Pair</th></tr></thead><tbody><tr><td ' +
        'colspan="2">EUR/USD</td></tr></tbody></table>') +
      ("<blockquote><p>Plan</p></blockquote><img " +
        'src="/uploads/0123456789abcdef0123456789abcdef-1600x900.webp" ' +
        'srcset="/uploads/0123456789abcdef0123456789abcdef-480x270.webp 480w, ' +
        "/uploads/0123456789abcdef0123456789abcdef-960x540.webp 960w, " +
        '/uploads/0123456789abcdef0123456789abcdef-1600x900.webp 1600w" sizes="(min-width: 48rem) ' +
        '48rem, 100vw" width="1600" height="900" loading="lazy" alt="Chart" />');
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("keeps every element and attribute of the allow-list: headings, text formatting, code, lists, figures, tables, links", () => {
    const html =
      "<h2>A</h2><h3>B</h3><h4>C</h4><p>one<br />two</p><hr />" +
      "<p><strong>s</strong><b>b</b><em>e</em><i>i</i><u>u</u><s>struck</s><span>plain</span></p>" +
      "<blockquote>q</blockquote><pre><code>const stop = 0.5;</code></pre>" +
      "<ul><li>u</li></ul><ol><li>o</li></ol>" +
      ('<figure><img src="/uploads/0123456789abcdef0123456789abcdef-1600x900.webp" ' +
        'srcset="/uploads/0123456789abcdef0123456789abcdef-480x270.webp 480w, ' +
        "/uploads/0123456789abcdef0123456789abcdef-960x540.webp 960w, " +
        '/uploads/0123456789abcdef0123456789abcdef-1600x900.webp 1600w" sizes="(min-width: 48rem) ' +
        '48rem, 100vw" width="1600" height="900" loading="lazy" alt="Chart" title="EUR/USD" ' +
        "/><figcaption>EUR/USD, 4h</figcaption></figure>") +
      ('<table><thead><tr><th scope="row">Pair</th></tr></thead><tbody><tr><td colspan="2" ' +
        'rowspan="3">EUR/USD</td></tr></tbody></table>') +
      '<p><a href="/results" title="Our results">results</a></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("allows links to our own pages, http(s) sites and mailto:, and nothing else", () => {
    expect(sanitizeHtml('<a href="mailto:desk@example.com">Mail</a>')).toBe(
      '<a href="mailto:desk@example.com">Mail</a>',
    );
    expect(sanitizeHtml('<a href="http://example.com/">x</a>')).toContain('href="http://example.com/"');
    expect(sanitizeHtml('<a href="https://example.com/">x</a>')).toContain('href="https://example.com/"');
    for (const href of ["//evil.example/x", "ftp://example.com/f", "tel:+100", "vbscript:x"]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe("<a>x</a>");
    }
  });

  it("does not take an own link that carries a URL in its query for an external one", () => {
    expect(sanitizeHtml('<a href="/signin?redirectTo=https://example.com/x">in</a>')).toBe(
      '<a href="/signin?redirectTo=https://example.com/x">in</a>',
    );
    // A link without href (an old-style anchor) stays a plain link.
    expect(sanitizeHtml('<a name="top">top</a>')).toBe("<a>top</a>");
  });

  it("drops everything that runs: scripts, event handlers, javascript: and data: links, frames, styles", () => {
    const out = sanitizeHtml(
      '<p onclick="steal()">Hi<script>steal()</script></p><a href="javascript:steal()">x</a><a ' +
        'href="data:text/html,x">y</a>' +
        ('<iframe src="https://evil.example"></iframe><style>p{}</style><svg ' +
          'onload="steal()"></svg><p style="color:red">z</p>'),
    );
    expect(out).toBe("<p>Hi</p><a>x</a><a>y</a><p>z</p>");
  });

  it("allows no image from elsewhere, https included: the pages' CSP would block it and it would tell a third party who reads", () => {
    for (const src of [
      "https://example.com/a.png",
      "HTTPS://example.com/a.png",
      " https://example.com/a.png",
      "http://example.com/a.png",
      "//example.com/a.png",
    ]) {
      expect(sanitizeHtml(`<img src="${src}" alt="a">`), src).toBe('<img alt="a" />');
    }
  });

  it("allows no relative image address but our uploads': a page of ours is not an image, and data: never", () => {
    for (const src of [
      "x",
      "/images/blog/a.png",
      "../secret",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "/uploads/../x.webp",
      "/uploads/abc-10x10.webp",
      // An upload's address inside another is not an upload.
      `/redirect?to=/uploads/${"0".repeat(32)}-480x270.webp`,
      "javascript:alert('https://x')",
    ]) {
      expect(sanitizeHtml(`<img src="${src}" alt="a">`), src).toBe('<img alt="a" />');
    }
    expect(sanitizeHtml('<img alt="no address">')).toBe('<img alt="no address" />');
  });

  const hash = "0123456789abcdef0123456789abcdef";
  const upload = (w: number, h: number) => `/uploads/${hash}-${w}x${h}.webp`;

  it("keeps our uploads with the srcset, sizes, width and height worked out from their address", () => {
    const stored =
      `<img src="${upload(1600, 900)}" srcset="${upload(480, 270)} 480w, ${upload(960, 540)} 960w, ${upload(1600, 900)} 1600w" ` +
      'sizes="(min-width: 48rem) 48rem, 100vw" width="1600" height="900" loading="lazy" alt="EUR/USD, 4h" />';
    expect(sanitizeHtml(stored)).toBe(stored);
    // An upload narrower than a standard width has no larger size to offer.
    expect(sanitizeHtml(`<img src="${upload(700, 350)}" alt="">`)).toBe(
      `<img src="${upload(700, 350)}" srcset="${upload(480, 240)} 480w, ${upload(700, 350)} 700w" sizes="(min-width: 48rem) 48rem, 100vw" width="700" height="350" loading="lazy" alt="" />`,
    );
  });

  it("replaces whatever srcset, sizes, width and height an author wrote on an upload, and keeps no srcset on other images", () => {
    const forged = sanitizeHtml(
      `<img src="${upload(480, 270)}" srcset="https://evil.example/x.png 480w, javascript:alert(1) 2x" sizes="100vw" width="9999" height="1" onerror="alert(1)" alt="a">`,
    );
    expect(forged).toBe(
      `<img src="${upload(480, 270)}" srcset="${upload(480, 270)} 480w" sizes="(min-width: 48rem) 48rem, 100vw" width="480" height="270" loading="lazy" alt="a" />`,
    );
    expect(sanitizeHtml(`<img src="${upload(480, 270)}" loading="eager">`)).toContain('loading="eager"');
    expect(sanitizeHtml('<img src="https://example.com/a.png" srcset="/evil.png 2x" sizes="50vw" alt="a">')).toBe(
      '<img alt="a" />',
    );
  });

  it("opens external links safely in a new tab and leaves our own links alone", () => {
    expect(sanitizeHtml('<a href="https://tradingview.com">TV</a>')).toBe(
      '<a href="https://tradingview.com" target="_blank" rel="noopener noreferrer nofollow">TV</a>',
    );
    expect(sanitizeHtml('<a href="/pricing">Pricing</a>')).toBe('<a href="/pricing">Pricing</a>');
  });

  it("treats plain-http links as external too, and overrides an author's own target and rel", () => {
    expect(sanitizeHtml('<a href="http://example.com/page">Old site</a>')).toBe(
      '<a href="http://example.com/page" target="_blank" rel="noopener noreferrer nofollow">Old site</a>',
    );
    expect(sanitizeHtml('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:desk@example.com">Mail</a>')).toBe(
      '<a href="mailto:desk@example.com">Mail</a>',
    );
  });

  it("treats a scheme in capitals or after a space as external too", () => {
    for (const href of ["HTTPS://example.com/a", "Http://example.com/b", " https://example.com/c"]) {
      const html = sanitizeHtml(`<a href="${href}">x</a>`);
      expect(html, href).toContain('target="_blank"');
      expect(html, href).toContain('rel="noopener noreferrer nofollow"');
    }
  });

  it("is idempotent, so cleaning stored HTML again on reading changes nothing", () => {
    const once = sanitizeHtml(
      '<p>a <a href="https://x.example">b</a><img src="https://x.example/i.png" alt="x"></p><script>x</script>' +
        '<img alt="c" width="3" src="/uploads/0123456789abcdef0123456789abcdef-1600x1067.webp" title="t">',
    );
    expect(once).toContain("srcset=");
    expect(sanitizeHtml(once)).toBe(once);
  });

  // Which attributes each element keeps, written out: one more attribute on one more element (a
  // style on a span, a class on a heading) must fail here, not reach a stored page.
  const KEPT: Record<string, string[]> = {
    a: ["href", "title", "target", "rel"],
    img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading"],
    th: ["scope"],
    td: ["colspan", "rowspan"],
  };
  const ELEMENTS = [
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
  ];
  const EVERY_ATTRIBUTE: Record<string, string> = {
    style: "color:red;background:url(https://evil.example/x)",
    class: "x",
    id: "y",
    name: "n",
    lang: "en",
    dir: "rtl",
    "data-x": "1",
    "aria-label": "l",
    onclick: "steal()",
    href: "/pricing",
    title: "t",
    target: "_self",
    rel: "next",
    src: upload(480, 270),
    srcset: `${upload(480, 270)} 480w`,
    sizes: "100vw",
    alt: "a",
    width: "480",
    height: "270",
    loading: "eager",
    scope: "col",
    colspan: "2",
    rowspan: "3",
  };
  const attributesOf = (html: string) =>
    [...(/^<[a-z0-9]+([^>]*)>/.exec(html)?.[1] ?? "").matchAll(/([a-z-]+)="/g)].map((m) => m[1]).sort();

  it.each(ELEMENTS)("<%s> keeps exactly its own attributes: no style, class, id or handler", (tag) => {
    const attributes = Object.entries(EVERY_ATTRIBUTE)
      .map(([name, value]) => `${name}="${value}"`)
      .join(" ");
    const out = sanitizeHtml(`<${tag} ${attributes}>x</${tag}>`);
    expect(out.startsWith(`<${tag}`), out).toBe(true);
    expect(attributesOf(out), out).toEqual([...(KEPT[tag] ?? [])].sort());
    expect(out).not.toContain("style");
  });

  it("keeps no element that is not on the list, so no style can come in another way", () => {
    for (const tag of [
      "div",
      "font",
      "center",
      "style",
      "section",
      "article",
      "h1",
      "h5",
      "h6",
      "mark",
      "sub",
      "sup",
      "small",
      "abbr",
      "svg",
      "math",
    ]) {
      expect(sanitizeHtml(`<${tag} style="color:red">x</${tag}>`), tag).toBe(["style"].includes(tag) ? "" : "x");
    }
  });
});
