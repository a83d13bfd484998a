import { describe, expect, it } from "vitest";
import { cpuTicks } from "./bench-money-rounds.ts";

describe("cpuTicks: the machine's CPU time from /proc/stat", () => {
  it("sums the eight fields the kernel counts once, with disk waits as idle, and keeps the steal apart", () => {
    const stat = [
      "cpu  100 5 40 800 20 3 7 25 60 0",
      "cpu0 50 2 20 400 10 1 3 12 30 0",
      "cpu1 50 3 20 400 10 2 4 13 30 0",
      "intr 12345 0 0",
    ].join("\n");
    // guest (60) is inside user (100) already: not added again.
    expect(cpuTicks(stat)).toEqual({ total: 1000, idle: 820, steal: 25 });
  });

  it("reads the machine's line wherever it stands, not a single CPU's", () => {
    expect(cpuTicks("cpu0 1 1 1 1 1 1 1 1\ncpu  2 0 0 6 0 0 0 2\n")).toEqual({ total: 10, idle: 6, steal: 2 });
  });

  it("says nothing for a text it cannot read", () => {
    expect(cpuTicks("")).toBeNull();
    expect(cpuTicks("cpu  100 5 40 800")).toBeNull();
    expect(cpuTicks("cpu  100 5 40 x 20 3 7 25")).toBeNull();
  });
});
