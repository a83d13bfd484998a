import { describe, expect, it } from "vitest";
import { renderBroadcastText, telegramTextLength } from "./render-broadcast.ts";

const site = "https://signals.example";
const telegram = (html: string) => renderBroadcastText(html, { format: "telegram", siteUrl: site });
const text = (html: string) => renderBroadcastText(html, { format: "text", siteUrl: site });

describe("a broadcast in Telegram's HTML subset", () => {
  it("keeps the formatting Telegram knows and turns blocks into lines", () => {
    expect(
      telegram(
        "<h2>Big news</h2><p>We <strong>doubled</strong> the <em>signals</em>, <u>really</u> " +
          "<s>maybe</s>.</p><p>Second &amp; last &lt;para&gt;</p>",
      ),
    ).toBe(
      "<b>Big news</b>\n\nWe <b>doubled</b> the <i>signals</i>, <u>really</u> " +
        "<s>maybe</s>.\n\nSecond &amp; last &lt;para&gt;",
    );
  });

  it("bullets and numbers list items, nested ones indented", () => {
    expect(telegram("<ul><li><p>One</p></li><li><p>Two</p><ol><li><p>Sub</p></li></ol></li></ul><p>After</p>")).toBe(
      "• One\n• Two\n  1. Sub\n\nAfter",
    );
  });

  it("makes the site's own links absolute and keeps external ones", () => {
    expect(telegram('<p><a href="/pricing">Plans</a> and <a href="https://t.me/x">chat</a></p>')).toBe(
      `<a href="${site}/pricing">Plans</a> and <a href="https://t.me/x">chat</a>`,
    );
  });

  it("leaves images out, keeps code blocks whole and quotes as quotes", () => {
    expect(
      telegram(
        '<p>See</p><img src="/uploads/abc-10x10.webp" alt="chart"><pre><code>a  =  1\nb = ' +
          "2</code></pre><blockquote><p>Wise</p></blockquote>",
      ),
    ).toBe("See\n\n<pre>a  =  1\nb = 2</pre>\n\n<blockquote>Wise</blockquote>");
  });

  it("drops what the sanitizer drops (scripts, unknown tags, event handlers)", () => {
    const out = telegram('<p onclick="x()">Hi<script>alert(1)</script><iframe src="https://x"></iframe></p>');
    expect(out).toBe("Hi");
  });

  it("writes table rows one per line", () => {
    expect(
      telegram("<table><tbody><tr><th>Pair</th><th>Win</th></tr><tr><td>BTC</td><td>70%</td></tr></tbody></table>"),
    ).toBe("Pair | Win\nBTC | 70%");
  });

  it("counts the length Telegram counts: the text without the markup", () => {
    expect(telegramTextLength('<b>Hi</b> &amp; <a href="https://x.example">yo</a>')).toBe("Hi & yo".length);
  });
});

describe("a broadcast as plain text (the email's text part)", () => {
  it("decodes entities and writes links' addresses after their text", () => {
    expect(
      text('<p>Fish &amp; chips at <a href="/menu">the menu</a></p><p><img src="/u.webp" alt="A chart"></p>'),
    ).toBe(`Fish & chips at the menu (${site}/menu)\n\n[A chart]`);
  });
});
