import crypto from "node:crypto";
import { sign } from "@telegram-apps/init-data-node";
import { describe, expect, it } from "vitest";
import { checkInitData, INIT_DATA_MAX_AGE_SECONDS, PORTAL_MESSAGES } from "./check-init-data.ts";

const TOKEN = "123456789:TEST-token_abcdefghijklmnopqrstuvwxyz";
const NOW = new Date("2026-11-28T12:00:00Z");
const signed = (options: { token?: string; authDate?: Date; user?: Record<string, unknown> | null } = {}) =>
  sign(
    options.user === null ? {} : { user: { id: 4242, first_name: "Ann", username: "ann", ...options.user } as never },
    options.token ?? TOKEN,
    options.authDate ?? NOW,
  );
const check = (initData: string) => checkInitData({ initData, botToken: TOKEN, now: NOW });
const refusal = (initData: string) => {
  try {
    check(initData);
  } catch (error) {
    return (error as Error).message;
  }
  return "accepted";
};

describe("checkInitData", () => {
  it("takes the user from the signed fields", () => {
    const checked = check(signed());
    expect(checked.user).toEqual({ id: 4242, username: "ann", firstName: "Ann" });
    expect(checked.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses data signed with another bot's token", () => {
    expect(refusal(signed({ token: "987654321:OTHER-token_abcdefghijklmnopqrstuv" }))).toBe(PORTAL_MESSAGES.invalid);
  });

  it("refuses a changed user id (the hash no longer matches)", () => {
    const data = new URLSearchParams(signed());
    data.set("user", JSON.stringify({ id: 1, first_name: "Ann", username: "ann" }));
    expect(refusal(data.toString())).toBe(PORTAL_MESSAGES.invalid);
  });

  it("refuses a wrong or missing hash", () => {
    const data = new URLSearchParams(signed());
    data.set("hash", crypto.randomBytes(32).toString("hex"));
    expect(refusal(data.toString())).toBe(PORTAL_MESSAGES.invalid);
    data.delete("hash");
    expect(refusal(data.toString())).toBe(PORTAL_MESSAGES.invalid);
    expect(refusal("")).toBe(PORTAL_MESSAGES.invalid);
    expect(refusal("user=%7B%22id%22%3A1%7D")).toBe(PORTAL_MESSAGES.invalid);
  });

  it("ignores a user id added beside the signed data", () => {
    // A field the page adds changes what is signed, so it cannot pass as part of the signed data.
    expect(refusal(`${signed()}&user_id=1`)).toBe(PORTAL_MESSAGES.invalid);
  });

  it("refuses stale data, and data dated in the future", () => {
    const edge = new Date(NOW.getTime() - INIT_DATA_MAX_AGE_SECONDS * 1000);
    expect(check(signed({ authDate: edge })).user.id).toBe(4242);
    expect(refusal(signed({ authDate: new Date(edge.getTime() - 1000) }))).toBe(PORTAL_MESSAGES.stale);
    expect(refusal(signed({ authDate: new Date(NOW.getTime() + 5 * 60_000) }))).toBe(PORTAL_MESSAGES.stale);
  });

  it("refuses signed data without a user, or a bot", () => {
    expect(refusal(signed({ user: null }))).toBe(PORTAL_MESSAGES.invalid);
    expect(refusal(signed({ user: { is_bot: true } }))).toBe(PORTAL_MESSAGES.invalid);
  });
});
