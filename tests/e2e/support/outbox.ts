import fs from "node:fs";
import path from "node:path";

/** The newest message in the dev outbox sent to `to`, decoded from quoted-printable. */
export function latestMail(dataDir: string, to: string): string | null {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse();
  for (const file of files) {
    const raw = fs.readFileSync(path.join(dir, file), "utf8");
    if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
    return raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return null;
}

export function linkIn(mail: string, pathPrefix: string): string | null {
  const match = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/?]/g, "\\$&")}[^\\s"<>]*`).exec(mail);
  return match ? match[0].replace(/&amp;/g, "&") : null;
}
