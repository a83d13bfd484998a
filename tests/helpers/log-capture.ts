import { Writable } from "node:stream";
import { createLogger } from "#server/lib/logger";

/**
 * A logger built like the process one (`createLogger`), writing its finished lines into memory:
 * what a test asserts is what would have reached the log, after redaction and scrubbing.
 */
export function captureLogLines(options: { level?: string; redactLinks?: boolean } = {}) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  const log = createLogger({ level: options.level ?? "info", redactLinks: options.redactLinks, destination });
  return { log, output: () => lines.join("") };
}
