import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { EmptyState } from "./empty-state";
import { ClearFilters, FilterForm } from "./filter-form";
import { ListHeader } from "./list-header";
import { MemberCell, memberHref, MemberLink } from "./member-cell";
import { NativeSelect } from "./native-select";

/** The markup of a piece as a page at /admin/list renders it, inside a data router like the app's. */
function render(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/admin/list", Component: () => node }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin/list"] }));
}

describe("NativeSelect", () => {
  it("is the browser's select with the kit's look, its props passed through and classes merged", () => {
    const html = render(
      createElement(
        NativeSelect,
        { id: "kind", name: "kind", defaultValue: "b", className: "w-auto" },
        createElement("option", { value: "a" }, "A"),
        createElement("option", { value: "b" }, "B"),
      ),
    );
    expect(html).toMatch(/^<select data-slot="native-select"/);
    expect(html).toContain('name="kind"');
    expect(html).toContain('<option value="b" selected="">B</option>');
    expect(html).toContain("w-auto");
    expect(html).not.toContain("w-full");
  });
});

describe("MemberCell and MemberLink", () => {
  it("link to the member's page, the id encoded", () => {
    expect(memberHref("a/b c")).toBe("/admin/members/a%2Fb%20c");
    const html = render(createElement(MemberLink, { userId: "u1" }, "anna@example.com"));
    expect(html).toContain('href="/admin/members/u1"');
    expect(html).toContain(">anna@example.com</a>");
  });

  it("is a cell labelled Member on a phone unless told otherwise", () => {
    const cell = (props: { label?: string }) =>
      render(
        createElement(
          "table",
          null,
          createElement(
            "tbody",
            null,
            createElement("tr", null, createElement(MemberCell, { userId: "u1", email: "anna@example.com", ...props })),
          ),
        ),
      );
    expect(cell({})).toContain('data-label="Member"');
    expect(cell({ label: "Recipient" })).toContain('data-label="Recipient"');
  });
});

describe("EmptyState", () => {
  it("says why the list is empty, muted", () => {
    const html = render(createElement(EmptyState, { className: "text-sm" }, "No posts yet."));
    expect(html).toBe('<p data-slot="empty-state" class="text-muted-foreground text-sm">No posts yet.</p>');
  });
});

describe("FilterForm and ClearFilters", () => {
  it("is a GET form, so the filters live in the address", () => {
    const html = render(createElement(FilterForm, { "aria-label": "Filter" }, createElement("input", { name: "q" })));
    expect(html).toMatch(/^<form [^>]*method="get"/);
    expect(html).toContain('aria-label="Filter"');
  });

  it("offers to clear only while something is filtered", () => {
    expect(render(createElement(ClearFilters, { filtered: false, to: "/admin/members" }))).toBe("");
    const html = render(createElement(ClearFilters, { filtered: true, to: "/admin/members" }));
    expect(html).toContain('href="/admin/members"');
    expect(html).toContain(">Clear</a>");
  });
});

describe("ListHeader", () => {
  it("titles the list, says what it lists and links its New button; no button when there is nothing to link", () => {
    const html = render(
      createElement(ListHeader, {
        title: "Coupons",
        description: "Codes members can enter.",
        newItem: { to: "/admin/coupons/new", label: "New code" },
      }),
    );
    expect(html).toContain('<h1 class="text-2xl font-bold">Coupons</h1>');
    expect(html).toContain(">Codes members can enter.</p>");
    expect(html).toMatch(/<a[^>]*href="\/admin\/coupons\/new"[^>]*>.*New code<\/a>/);
    const bare = render(createElement(ListHeader, { title: "Plans", newItem: null }));
    expect(bare).toContain(">Plans</h1>");
    expect(bare).not.toContain("<a");
    expect(bare).not.toContain("<p");
  });
});
