import { describe, expect, it } from "vitest";
import { emailHtml } from "./layout.ts";

// What a post title, a member's name or a plan name could hold: markup, an ampersand, both quotes.
const hostile = (what: string) => `<b>${what} & "q" 'a'</b>`;
const escaped = (what: string) => `&lt;b&gt;${what} &amp; &quot;q&quot; &#39;a&#39;&lt;/b&gt;`;

describe("emailHtml", () => {
  const html = emailHtml({
    brand: hostile("brand"),
    heading: hostile("heading"),
    paragraphs: [hostile("first"), hostile("second")],
    action: { label: hostile("label"), url: `https://signals.example/x?a=1&b="2"` },
    footnote: {
      text: hostile("note"),
      linkLabel: hostile("unsubscribe"),
      url: `https://signals.example/u?t='3'&v=<4>`,
    },
  });

  it("is an English document named by its heading, the heading escaped in the title too", () => {
    expect(html).toMatch(/^<!doctype html><html lang="en"><head>/);
    expect(html).toContain(`<title>${escaped("heading")}</title>`);
  });

  it("escapes the heading", () => {
    expect(html).toContain(`<h1 style="font-size:20px;margin:0 0 16px">${escaped("heading")}</h1>`);
  });

  it("escapes the brand, every paragraph, the button and the footnote", () => {
    expect(html).toContain(`<p style="font-weight:700;font-size:18px;margin:0 0 20px">${escaped("brand")}</p>`);
    expect(html).toContain(
      `<p style="margin:0 0 16px;line-height:1.5">${escaped("first")}</p><p style="margin:0 0 16px;line-height:1.5">${escaped("second")}</p>`,
    );
    expect(html).toContain(`<a href="https://signals.example/x?a=1&amp;b=&quot;2&quot;" style=`);
    expect(html).toContain(`>${escaped("label")}</a>`);
    expect(html).toContain(
      `>${escaped("note")} <a href="https://signals.example/u?t=&#39;3&#39;&amp;v=&lt;4&gt;" style="color:#666">${escaped("unsubscribe")}</a></p>`,
    );
  });

  it("lets no value's markup through anywhere", () => {
    expect(html).not.toContain("<b>");
    expect(html).not.toContain('"q"');
    expect(html).not.toContain("'a'");
    // Seven values, and the heading once more in the title.
    expect(html.match(/&lt;b&gt;/g)).toHaveLength(8);
  });

  it("leaves out the button and the footnote when there are none", () => {
    const plain = emailHtml({ brand: "Acme", heading: "Hello", paragraphs: ["One"] });
    expect(plain).not.toContain("<a ");
    expect(plain).toContain(
      '<h1 style="font-size:20px;margin:0 0 16px">Hello</h1><p style="margin:0 0 16px;line-height:1.5">One</p>\n',
    );
  });
});
