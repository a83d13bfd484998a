import fs from "node:fs";
import path from "node:path";

/*
 * The dev outbox as the email tests read it (tests/integration/auth/email-auth.test.ts and its
 * sibling files email-auth-*.test.ts).
 */

/** Every message the dev outbox in `dataDir` holds for `to`, oldest first, quoted-printable decoded. */
export function mailsTo(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "mi").test(raw))
    .map((raw) =>
      raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** The id in a mail's /verify-email link. */
export function linkIdIn(mail: string | undefined) {
  const match = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail ?? "");
  if (!match) throw new Error("no verification link in the mail");
  return decodeURIComponent(match[1]!);
}

export const cookieFrom = (h: Headers) =>
  h
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
