import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FieldError } from "./field-error";

const render = (message: string | undefined | null | false) =>
  renderToStaticMarkup(createElement(FieldError, { id: "title-error" }, message));

describe("FieldError", () => {
  it("announces a message as an alert under the id the control names", () => {
    const html = render("Title is required");
    expect(html).toContain('id="title-error"');
    expect(html).toContain('role="alert"');
    expect(html).toContain(">Title is required</p>");
  });

  it("draws nothing while the field has no error, so no empty alert waits in the page", () => {
    for (const none of [undefined, null, false, ""] as const) expect(render(none)).toBe("");
  });
});
