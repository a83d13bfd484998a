import { beforeEach, describe, expect, it, vi } from "vitest";
import { withTestDataDir } from "../../../tests/helpers/env.ts";
import { sentEmails } from "../../../tests/helpers/sent-emails.ts";
import { sendNewDeviceEmail } from "./send-new-device-email.ts";

withTestDataDir("new-device-email", { PUBLIC_URL: "https://signals.example", BRAND_NAME: "Acme Signals" });

// The email as it leaves, whatever the transport.
vi.mock("../../email/send-email.ts", async (importOriginal) =>
  (await import("../../../tests/helpers/sent-emails.ts")).capturingSendEmail(await importOriginal()),
);
const sent = sentEmails;

beforeEach(() => {
  sent.length = 0;
});

// What note-sign-in-device.ts hands over: the summarized user agent, the country's name when
// the proxy reported one, the masked address block, and the moment of the sign-in.
const send = (overrides: Partial<Parameters<typeof sendNewDeviceEmail>[0]> = {}) =>
  sendNewDeviceEmail({
    to: "ada@example.com",
    name: "Ada Lovelace",
    browser: "Firefox",
    os: "Windows",
    place: "Germany",
    address: "203.0.113.x",
    at: new Date("2026-03-05T09:07:33.456Z"),
    ...overrides,
  });

const onlyEmail = () => {
  expect(sent).toHaveLength(1);
  return sent[0]!;
};
// The second paragraph, where browser, system, place and time are told.
const whatHappened = () => onlyEmail().text.split("\n\n")[1];

describe("the email about a sign-in from a new device", () => {
  it("greets by first name, tells browser, system, country and time, says what to do, and links to the device list", async () => {
    await send();
    const email = onlyEmail();
    expect(email.to).toBe("ada@example.com");
    expect(email.subject).toBe("New sign-in to your Acme Signals account");
    expect(email.text).toBe(
      "Hi Ada,\n\n" +
        ("Your Acme Signals account was just signed in to from a new device: Firefox on Windows " +
          "near Germany, at Mar 5, 2026, 09:07 UTC.\n\n") +
        "If this was you, there is nothing to do.\n\n" +
        ("If it was not, change your password now and sign out the devices you do not recognise " +
          "under User Info → Security in your dashboard.\n\n") +
        "Review signed-in devices: https://signals.example/dashboard?section=user-info\n\n" +
        "— Acme Signals\n",
    );
    expect(email.html).toContain(">New sign-in to your account</h1>");
    expect(email.html).toContain(">Hi Ada,</p>");
    expect(email.html).toContain(
      ">Your Acme Signals account was just signed in to from a new device: Firefox on Windows " +
        "near Germany, at Mar 5, 2026, 09:07 UTC.</p>",
    );
    expect(email.html).toContain(">If this was you, there is nothing to do.</p>");
    expect(email.html).toContain(
      ">If it was not, change your password now and sign out the devices you do not recognise " +
        "under User Info → Security in your dashboard.</p>",
    );
    expect(email.html).toContain('<a href="https://signals.example/dashboard?section=user-info"');
    expect(email.html).toContain(">Review signed-in devices</a>");
  });

  it("names the masked network when the proxy reported no country, never the full address", async () => {
    await send({ place: null, address: "203.0.113.x" });
    expect(whatHappened()).toBe(
      "Your Acme Signals account was just signed in to from a new device: Firefox on Windows " +
        "from the network 203.0.113.x, at Mar 5, 2026, 09:07 UTC.",
    );
    expect(onlyEmail().html).toContain(
      ">Your Acme Signals account was just signed in to from a new device: Firefox on Windows " +
        "from the network 203.0.113.x, at Mar 5, 2026, 09:07 UTC.</p>",
    );
  });

  it("prefers the country to the network when both are known", async () => {
    await send({ place: "Japan", address: "2001:0db8:0001:x" });
    expect(whatHappened()).toBe(
      "Your Acme Signals account was just signed in to from a new device: Firefox on Windows " +
        "near Japan, at Mar 5, 2026, 09:07 UTC.",
    );
  });

  it("says nothing about where when neither country nor address is known", async () => {
    await send({ place: null, address: null, browser: "Safari", os: "iOS" });
    expect(whatHappened()).toBe(
      "Your Acme Signals account was just signed in to from a new device: Safari on iOS, at Mar 5, 2026, 09:07 UTC.",
    );
  });

  it("gives the time to the minute in UTC, seconds dropped", async () => {
    // Just before midnight UTC: the date is the UTC one, whatever the server's time zone.
    await send({ at: new Date("2026-12-31T23:59:59.999Z") });
    expect(whatHappened()).toBe(
      "Your Acme Signals account was just signed in to from a new device: Firefox on Windows " +
        "near Germany, at Dec 31, 2026, 23:59 UTC.",
    );
  });

  it('says "Hi there," when the name has no first word', async () => {
    await send({ name: " Lovelace" });
    expect(onlyEmail().text.split("\n\n")[0]).toBe("Hi there,");
    expect(onlyEmail().html).toContain(">Hi there,</p>");
  });

  it("greets a one-word name by that word", async () => {
    await send({ name: "Ada" });
    expect(onlyEmail().text.split("\n\n")[0]).toBe("Hi Ada,");
  });
});
