import { describe, expect, it } from "vitest";
import { summarizeUserAgent } from "./user-agent";

const cases: [string, string, string][] = [
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Chrome",
    "Windows",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) " +
      "Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Edge",
    "Windows",
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
      "Version/18.1 Safari/605.1.15",
    "Safari",
    "macOS",
  ],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox", "macOS"],
  ["Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox", "Linux"],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like " +
      "Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Safari",
    "iOS",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like " +
      "Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
    "Chrome",
    "iOS",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) " +
      "SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
    "Samsung Internet",
    "Android",
  ],
  [
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Chrome",
    "Android",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) " +
      "Chrome/131.0.0.0 Safari/537.36 OPR/114.0.0.0",
    "Opera",
    "Windows",
  ],
  [
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Chrome",
    "ChromeOS",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Chrome",
    "Linux",
  ],
];

describe("summarizeUserAgent", () => {
  it.each(cases)("%s", (ua, browser, os) => {
    expect(summarizeUserAgent(ua)).toEqual({ browser, os });
  });

  it("names nothing it does not know", () => {
    expect(summarizeUserAgent("curl/8.5.0")).toEqual({ browser: "Unknown browser", os: "Unknown OS" });
    expect(summarizeUserAgent(null)).toEqual({ browser: "Unknown browser", os: "Unknown OS" });
    expect(summarizeUserAgent("")).toEqual({ browser: "Unknown browser", os: "Unknown OS" });
  });
});
