import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { withTestDataDir } from "../../tests/helpers/env";
import { sendEmail } from "./send-email";

const dataDir = withTestDataDir("send-email");

it("writes the dev outbox's .eml and, beside it, the plain text as written (links whole)", async () => {
  const link = `http://localhost:3000/verify-email?token=${"x".repeat(90)}`;
  const { outboxFile } = await sendEmail({
    to: "ada@example.com",
    subject: "Verify your email address",
    text: `Verify email: ${link}`,
    html: `<a href="${link}">Verify email</a>`,
  });
  expect(path.dirname(outboxFile!)).toBe(path.join(dataDir, "outbox"));
  // Quoted-printable breaks the long link across lines in the .eml…
  expect(fs.readFileSync(outboxFile!, "utf8")).not.toContain(link);
  // …so the .txt beside it carries it whole.
  expect(fs.readFileSync(outboxFile!.replace(/\.eml$/, ".txt"), "utf8")).toBe(
    `To: ada@example.com\nSubject: Verify your email address\n\nVerify email: ${link}\n`,
  );
});
