import { describe, expect, it } from "vitest";
import { actionsWithSchemas, formBody, samplesFor, useActionCaller, variantsOf } from "../../helpers/action-bodies";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { NUMBER_EDGES } from "../../helpers/route-request";

withTestDataDir("number-fields");

/*
 * A number no row or column can hold is bad input, never a 500: an id past PostgreSQL's integer
 * failed its query ("value out of range"), a fractional page made a fractional OFFSET, and a plan
 * created with a struck-through price failed to write its audit row. Every action built by
 * defineAction gets, in each field that takes a number, values at and past the edges, as a form
 * and as JSON (as text and as a number); each answer is below 500 and nothing is logged.
 */
const numberFields = actionsWithSchemas.flatMap((route) =>
  variantsOf(route.action.schema!).flatMap((variant) => {
    // A JSON body's number fields (a cart's plans) take no text: a number is tried after the text samples.
    const chosen = { ...variant.base, ...samplesFor(route.action.schema!, variant, [1, [1]]) };
    const digits = (value: unknown) => typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value));
    return Object.keys(chosen)
      .filter((key) => !(key in variant.base))
      .filter((key) => digits(chosen[key]) || (Array.isArray(chosen[key]) && chosen[key].every(digits)))
      .map((key) => ({ route, chosen, key }));
  }),
);

describe("the actions' number fields", () => {
  it("are found: ids, prices, days and limits", () => {
    const found = numberFields.map(({ route, key }) => `${route.path} ${key}`);
    expect(found.length).toBeGreaterThan(20);
    expect(found).toEqual(expect.arrayContaining(["/api/dashboard/cart planIds", "/api/admin/plan-prices trialDays"]));
  });
});

describeEachDatabase("a number at or past the edge in any action's body", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  const caller = useActionCaller(db, "Edge");

  it.each(numberFields.map((field) => [`${field.route.path} ${field.key}`, field] as const))(
    "%s: answered below 500, as a form and as JSON; nothing is logged",
    async (label, { route, chosen, key }) => {
      const list = Array.isArray(chosen[key]);
      for (const edge of NUMBER_EDGES) {
        const asText = { ...chosen, [key]: list ? [edge] : edge };
        const asNumber = { ...chosen, [key]: list ? [Number(edge)] : Number(edge) };
        const answers = [
          await caller.send(route, formBody(asText), "application/x-www-form-urlencoded"),
          await caller.send(route, JSON.stringify(asText), "application/json"),
          await caller.send(route, JSON.stringify(asNumber), "application/json"),
        ];
        for (const answer of answers) expect(answer.status, `${label}=${edge}`).toBeLessThan(500);
      }
      expect(caller.logged(), `${label}: nothing is logged as an error`).toBe("");
    },
  );
});
