/**
 * Browser and operating system named from a User-Agent header, for the signed-in devices list
 * and the new-device notice. Deliberately small: the browsers and systems members
 * use, in the order their tokens must be tested (Edge and Opera also say "Chrome", Chrome also
 * says "Safari", iPadOS may say "Macintosh"). Anything else is "Unknown browser" / "Unknown OS".
 */
export type UserAgentSummary = { browser: string; os: string };

const BROWSERS: [name: string, pattern: RegExp][] = [
  ["Edge", /\b(Edg|EdgA|EdgiOS|Edge)\//],
  ["Opera", /\b(OPR|OPiOS|Opera)\//],
  ["Samsung Internet", /\bSamsungBrowser\//],
  ["Yandex Browser", /\bYaBrowser\//],
  ["Vivaldi", /\bVivaldi\//],
  ["Firefox", /\b(Firefox|FxiOS)\//],
  ["Chrome", /\b(HeadlessChrome|Chrome|CriOS)\//],
  ["Safari", /\bVersion\/[\d.]+.*\bSafari\//],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ["iOS", /\b(iPhone|iPad|iPod)\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

export function summarizeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua))?.[0] ?? "Unknown browser";
  const os = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? "Unknown OS";
  return { browser, os };
}
