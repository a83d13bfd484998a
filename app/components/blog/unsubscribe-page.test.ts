import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { UnsubscribePage } from "./unsubscribe-page";

type Props = ComponentProps<typeof UnsubscribePage>;

/** The page's markup as the route at /unsubscribe renders it, inside a data router like the app's. */
function render(answers: Pick<Props, "loaderData" | "actionData">) {
  const props: Props = {
    ...answers,
    pending: (email) => createElement("span", null, "Stop mail to ", email, "?"),
    done: (email) => `${email} is off the list.`,
    invalid: "Use the newest link.",
  };
  const Stub = createRoutesStub([{ path: "/unsubscribe", Component: () => createElement(UnsubscribePage, props) }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/unsubscribe"] }));
}

const pending = { state: "pending", message: "Unsubscribe?", email: "anna@example.com" } as const;

describe("UnsubscribePage", () => {
  it("asks first, the address in bold, with the button", () => {
    const html = render({ loaderData: pending, actionData: undefined });
    expect(html).toContain('data-state="pending"');
    expect(html).toContain(">Unsubscribe?</h1>");
    expect(html).toContain('Stop mail to <strong class="font-semibold text-foreground">anna@example.com</strong>?');
    expect(html).toContain('type="submit">Unsubscribe</button>');
  });

  it("shows the action's answer over the loader's once the button ran", () => {
    const html = render({
      loaderData: pending,
      actionData: { state: "done", message: "Done", email: "anna@example.com" },
    });
    expect(html).toContain('data-state="done"');
    expect(html).toContain("anna@example.com is off the list.");
    expect(html).not.toContain("<button");
  });

  it("says a bad link is bad, and keeps the loader's page under an answer that is no page state", () => {
    const invalid = render({ loaderData: { state: "invalid", message: "Invalid", email: "" }, actionData: undefined });
    expect(invalid).toContain('data-state="invalid"');
    expect(invalid).toContain("Use the newest link.");
    const html = render({ loaderData: pending, actionData: { ok: false, error: "Too many requests." } });
    expect(html).toContain('data-state="pending"');
    expect(html).not.toContain("Too many requests.");
  });
});
