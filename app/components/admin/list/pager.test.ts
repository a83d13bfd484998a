import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CursorPager, Pager } from "./pager";

/** The markup of a piece as a page at /admin/list renders it, inside a data router like the app's. */
function render(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/admin/list", Component: () => node }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin/list"] }));
}
const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1]]);
const href = (page: number) => `?page=${page}`;

describe("Pager", () => {
  it("links both ways from a middle page and says where it is", () => {
    const html = render(createElement(Pager, { page: 2, pageCount: 3, href }));
    expect(links(html)).toEqual([
      ["Previous", "/admin/list?page=1"],
      ["Next", "/admin/list?page=3"],
    ]);
    expect(html).toContain("<span>Page 2 of 3</span>");
    expect(html).toContain('aria-label="Pages"');
  });

  it("has no link before the first page or after the last", () => {
    expect(links(render(createElement(Pager, { page: 1, pageCount: 2, href })))).toEqual([
      ["Next", "/admin/list?page=2"],
    ]);
    expect(links(render(createElement(Pager, { page: 2, pageCount: 2, href })))).toEqual([
      ["Previous", "/admin/list?page=1"],
    ]);
  });

  it("is not shown for a single page unless asked, then with its own summary", () => {
    expect(render(createElement(Pager, { page: 1, pageCount: 1, href }))).toBe("");
    const html = render(createElement(Pager, { page: 1, pageCount: 1, href, always: true }, "1–3 of 3"));
    expect(html).toContain("<span>1–3 of 3</span>");
    expect(links(html)).toEqual([]);
  });

  it("takes its own words and name", () => {
    const html = render(
      createElement(Pager, {
        page: 2,
        pageCount: 3,
        href,
        previous: "Newer",
        next: "Older",
        "aria-label": "Ledger pages",
      }),
    );
    expect(links(html).map(([text]) => text)).toEqual(["Newer", "Older"]);
    expect(html).toContain('aria-label="Ledger pages"');
  });
});

describe("CursorPager", () => {
  it("links back to the newest page and on to older rows", () => {
    expect(links(render(createElement(CursorPager, { newest: "?", older: "?before=9" })))).toEqual([
      ["Newest", "/admin/list"],
      ["Older", "/admin/list?before=9"],
    ]);
  });

  it("shows only the links it has, and nothing without either", () => {
    expect(links(render(createElement(CursorPager, { newest: null, older: "?before=9" })))).toEqual([
      ["Older", "/admin/list?before=9"],
    ]);
    expect(render(createElement(CursorPager, { newest: null, older: null }))).toBe("");
  });
});
