import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { resetSingleton, singletonValue } from "#server/lib/singleton";

/** A message the test SMTP server received: its envelope's recipients and its text, quoted-printable decoded. */
export type ReceivedMail = { to: string[]; raw: string };

/** Quoted-printable runs (=E2=80=94) to their UTF-8 text. */
const bytes = (text: string) =>
  text.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .slice(1)
        .split("=")
        .map((hex) => parseInt(hex, 16)),
    ).toString("utf8"),
  );

/** The raw message as text: lines joined, encoded header words and quoted-printable decoded. */
const decode = (raw: string) =>
  bytes(
    raw
      .replace(/\r\n/g, "\n")
      .replace(/=\?UTF-8\?Q\?([^?]*)\?=(?:\s+(?==\?UTF-8\?Q\?))?/gi, (_, word: string) =>
        bytes(word.replace(/_/g, " ")),
      )
      .replace(/=\n/g, ""),
  );

/**
 * A real SMTP server on a loopback port for the test file, with SMTP_URL pointing at it: the
 * site's emails travel over SMTP as in production and the test reads what arrived. Call it after
 * withTestDataDir (its configuration is read again once SMTP_URL is set).
 */
export function withSmtpServer() {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: decode(raw) });
        callback();
      });
    },
  });
  const forget = () => {
    singletonValue<{ close: () => void }>("smtp-transport")?.close();
    resetSingleton("smtp-transport");
    resetSingleton("config");
  };
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    forget();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    forget();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return {
    /** Every message received for `to`, oldest first. */
    mailsTo: (to: string) => received.filter((mail) => mail.to.includes(to)).map((mail) => mail.raw),
  };
}
