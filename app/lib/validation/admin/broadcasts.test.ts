import { describe, expect, it } from "vitest";
import { broadcastActionSchema, broadcastMessages, readBroadcastListQuery } from "./broadcasts";

const content = {
  subject: "  Weekly outlook ",
  body: "<p>Hello</p>",
  channel: "both",
  audience: { statuses: ["active", "active"], planIds: ["3", 3], endedWithinDays: "30" },
};

describe("the broadcast form's schema", () => {
  it("trims the subject, drops repeated statuses and plans, reads numbers from text", () => {
    const parsed = broadcastActionSchema.parse({ intent: "save", ...content });
    expect(parsed).toMatchObject({
      subject: "Weekly outlook",
      audience: { statuses: ["active"], planIds: [3], endedWithinDays: 30 },
    });
  });

  it("refuses an empty message, no status, a wrong way and days out of range", () => {
    const errors = (input: Record<string, unknown>) =>
      broadcastActionSchema.safeParse({ intent: "send", ...content, ...input }).error?.issues.map((i) => i.message);
    expect(errors({ body: "<p></p>" })).toEqual([broadcastMessages.bodyRequired]);
    expect(errors({ audience: { ...content.audience, statuses: [] } })).toEqual([broadcastMessages.statusesRequired]);
    expect(errors({ audience: { ...content.audience, statuses: ["paused"] } })).toEqual([
      broadcastMessages.statusesRequired,
    ]);
    expect(errors({ channel: "sms" })).toEqual([broadcastMessages.channel]);
    expect(errors({ audience: { ...content.audience, endedWithinDays: 0 } })).toEqual([broadcastMessages.days]);
    expect(errors({ audience: { ...content.audience, endedWithinDays: 366 } })).toEqual([broadcastMessages.days]);
  });

  it("schedules only with a real date and time", () => {
    expect(broadcastActionSchema.safeParse({ intent: "schedule", ...content }).success).toBe(false);
    expect(broadcastActionSchema.safeParse({ intent: "schedule", ...content, scheduledAt: "soon" }).success).toBe(
      false,
    );
    const parsed = broadcastActionSchema.parse({ intent: "schedule", ...content, scheduledAt: "2030-01-02T10:00:00Z" });
    expect(parsed.intent === "schedule" && parsed.scheduledAt.toISOString()).toBe("2030-01-02T10:00:00.000Z");
  });

  it("cancels with nothing else", () => {
    expect(broadcastActionSchema.parse({ intent: "cancel" })).toEqual({ intent: "cancel" });
  });
});

describe("the broadcast list's address", () => {
  it("reads a state and a page, and anything else as all states, page 1", () => {
    expect(readBroadcastListQuery(new URLSearchParams("state=sending&page=3"))).toEqual({ state: "sending", page: 3 });
    expect(readBroadcastListQuery(new URLSearchParams("state=lost&page=-2"))).toEqual({ state: "all", page: 1 });
    expect(readBroadcastListQuery(new URLSearchParams(""))).toEqual({ state: "all", page: 1 });
  });
});
