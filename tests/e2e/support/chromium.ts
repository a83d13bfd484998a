import fs from "node:fs";

/** Debian's Chromium (or CHROMIUM_PATH); Playwright's own browser download is not available here. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error(
      "Chromium not found: install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH.",
    );
  }
  return found;
}
