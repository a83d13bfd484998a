import { describe, expect, it } from "vitest";
import { announcementChannelSchema, channelMessages, normalizeChannel } from "./posts-channel";

describe("the announcement channel's form", () => {
  it("takes a username, a t.me link or a numeric id", () => {
    expect(normalizeChannel("@NovaSignals")).toBe("@NovaSignals");
    expect(normalizeChannel("nova_signals")).toBe("@nova_signals");
    expect(normalizeChannel("https://t.me/nova_signals")).toBe("@nova_signals");
    expect(normalizeChannel(" -1001234567890 ")).toBe("-1001234567890");
  });

  it("refuses anything else with the field's message", () => {
    for (const bad of ["", "@ab", "t.me/+invite", "https://example.com/x", "1 2 3"]) {
      const parsed = announcementChannelSchema.safeParse({ intent: "set-channel", channel: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(bad ? channelMessages.format : channelMessages.required);
    }
  });
});
