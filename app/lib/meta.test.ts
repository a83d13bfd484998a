import { describe, expect, it } from "vitest";
import { adminMeta } from "./meta";

describe("adminMeta", () => {
  it("titles a back-office page after the back office and keeps it out of search engines", () => {
    expect(adminMeta("Plans")).toEqual([
      { title: "Plans · Back office" },
      { name: "robots", content: "noindex, nofollow" },
    ]);
  });

  it("titles the layout itself, with no page title, just the back office", () => {
    expect(adminMeta()).toEqual([{ title: "Back office" }, { name: "robots", content: "noindex, nofollow" }]);
    expect(adminMeta("")[0]).toEqual({ title: "Back office" });
  });
});
