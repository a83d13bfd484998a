import { EventEmitter } from "node:events";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { installProcessGuards } from "./process-guards.ts";

describe("installProcessGuards", () => {
  it("logs an unhandled rejection instead of letting it end the process", () => {
    const lines: Record<string, unknown>[] = [];
    const log = pino(
      { level: "error" },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const target = new EventEmitter() as unknown as NodeJS.Process;
    const uninstall = installProcessGuards({ log, target });
    // Node ends the process on an unhandled rejection only when nobody listens for the event.
    expect(target.listenerCount("unhandledRejection")).toBe(1);
    target.emit("unhandledRejection", new Error("boom"), Promise.resolve());
    expect(lines).toMatchObject([
      { level: 50, msg: "unhandled promise rejection (the process carries on)", err: { message: "boom" } },
    ]);
    uninstall();
    expect(target.listenerCount("unhandledRejection")).toBe(0);
  });
});
