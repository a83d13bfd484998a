import { describe, expect, it } from "vitest";
import { memberIdParam, newOrRecordIdParam, newOrUuidParam, recordIdParam, routeParams } from "./route-params";

describe("route parameters", () => {
  it("read a record's id as a number", () => {
    expect(recordIdParam.parse("42")).toBe(42);
    expect(recordIdParam.parse("2147483647")).toBe(2_147_483_647);
  });

  it.each(["", "0", "007", "-1", "1e3", "1.5", " 5", "abc", "2147483648", "99999999999"])(
    "refuse %j as a record's id",
    (value) => {
      expect(recordIdParam.safeParse(value).success).toBe(false);
    },
  );

  it("take 'new' or an id on an editor's address", () => {
    expect(newOrRecordIdParam.parse("new")).toBe("new");
    expect(newOrRecordIdParam.parse("7")).toBe(7);
    expect(newOrRecordIdParam.safeParse("New").success).toBe(false);
  });

  it("take 'new' or a UUID for rows named by one, lower-cased; nothing else", () => {
    expect(newOrUuidParam.parse("new")).toBe("new");
    expect(newOrUuidParam.parse("0F8FAD5B-D9CB-469F-A165-70867728950E")).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    for (const value of ["7", "0f8fad5b-d9cb-469f-a165-70867728950", "0f8fad5b-d9cb-469f-a165-70867728950e1", ""])
      expect(newOrUuidParam.safeParse(value).success, value).toBe(false);
  });

  it("take a member's text id, never an empty one", () => {
    expect(memberIdParam.parse("u_Ab3-x")).toBe("u_Ab3-x");
    expect(memberIdParam.safeParse("").success).toBe(false);
    expect(memberIdParam.safeParse("x".repeat(256)).success).toBe(false);
  });

  it("read a route's parameters together, a missing one refused", () => {
    const schema = routeParams({ postId: newOrRecordIdParam });
    expect(schema.parse({ postId: "3" })).toEqual({ postId: 3 });
    expect(schema.safeParse({}).success).toBe(false);
  });
});
