import fs from "node:fs";
import path from "node:path";

/** The newest message in the dev outbox sent to `to`, decoded from quoted-printable. */
export function latestMail(dataDir: string, to: string): string | null {
  return mailsTo(dataDir, to)[0] ?? null;
}

/** Every message in the dev outbox sent to `to`, newest first, decoded from quoted-printable. */
export function mailsTo(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse();
  const mails: string[] = [];
  for (const file of files) {
    const raw = fs.readFileSync(path.join(dir, file), "utf8");
    if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
    mails.push(
      raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  }
  return mails;
}

export function linkIn(mail: string, pathPrefix: string): string | null {
  const match = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/?]/g, "\\$&")}[^\\s"<>]*`).exec(mail);
  return match ? match[0].replace(/&amp;/g, "&") : null;
}
