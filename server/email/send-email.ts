import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "../config.ts";
import { getLogger } from "../lib/logger.ts";
import { singleton } from "../lib/singleton.ts";

export type Email = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/**
 * Sends one email: over SMTP when SMTP_URL is set, otherwise into the development outbox
 * (DATA_DIR/outbox, one .eml per message, plus a log line) so links can be followed locally.
 * Beside each .eml a .txt holds the plain-text part as written: the .eml is quoted-printable,
 * which breaks long links across lines, so someone trying the site reads the .txt.
 */
export async function sendEmail(email: Email): Promise<{ messageId: string; outboxFile?: string }> {
  const config = getConfig();
  const message = { from: config.mail.from, ...email };
  if (config.mail.smtpUrl) {
    const info = await smtpTransport(config.mail.smtpUrl).sendMail(message);
    return { messageId: info.messageId };
  }
  const info = await outboxTransport().sendMail(message);
  const dir = path.join(config.dataDir, "outbox");
  // Owner only: the messages hold reset and sign-in links.
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(3).toString("hex")}.eml`,
  );
  await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
  const readable = `To: ${email.to}\nSubject: ${email.subject}\n\n${email.text}\n`;
  await fs.writeFile(file.replace(/\.eml$/, ".txt"), readable, { mode: 0o600 });
  getLogger().info(
    { to: maskAddress(email.to), subject: email.subject, file: file.replace(/\.eml$/, ".txt") },
    "email written to the dev outbox (SMTP_URL unset)",
  );
  return { messageId: info.messageId, outboxFile: file };
}

function smtpTransport(url: string): Transporter {
  // Bounded waits (nodemailer's defaults allow minutes): a stalled server must not hold a job
  // past the lease on the rows it is sending, or another run would send them again.
  return singleton("smtp-transport", () =>
    // Settings in the URL's query string (…?connectionTimeout=…) still take precedence.
    nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }),
  );
}

function outboxTransport() {
  return singleton("outbox-transport", () =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );
}

/** "ad***@example.com": enough to follow a log, not enough to harvest addresses. */
export function maskAddress(address: string) {
  const [local = "", domain = ""] = address.split("@");
  return `${local.slice(0, 2)}***@${domain}`;
}
