import pino from "pino";
import { getConfig } from "../config.ts";
import { redactExtendedKeys, redactLinkTokens } from "./redact-secrets.ts";
import { singleton } from "./singleton.ts";

/** JSON logs in production; human-readable in development. Never log secrets, codes or tokens. */
export function getLogger(): pino.Logger {
  return singleton("logger", () => {
    const config = getConfig();
    const pretty = config.env === "development" && process.stdout.isTTY;
    return createLogger({ level: config.logLevel, pretty, redactLinks: config.isProduction });
  });
}

/**
 * The process logger's settings, for getLogger and for tests (which pass a `destination` to
 * read what would have been written).
 *
 * Two layers keep secrets out of the output. Known fields (password, token, code, cookies,
 * key material) are censored by pino's `redact`. Then every finished line passes through a
 * scrubber, whatever field or message carried it: extended keys (xprv/xpub…) always, and in
 * production the token of any reset or newsletter link (in development the reset link is
 * logged on purpose, to be followed without a mail server).
 */
export function createLogger(options: {
  level: string;
  pretty?: boolean;
  redactLinks?: boolean;
  destination?: pino.DestinationStream;
}): pino.Logger {
  const scrub = options.redactLinks ? (line: string) => redactLinkTokens(redactExtendedKeys(line)) : redactExtendedKeys;
  const settings: pino.LoggerOptions = {
    level: options.level,
    redact: [
      "password",
      "token",
      "code",
      "*.password",
      "*.token",
      "req.headers.cookie",
      // Key material, by name: never meant to be logged at all.
      "xprv",
      "xpub",
      "seed",
      "seedHex",
      "*.xprv",
      "*.xpub",
      "*.seed",
      "*.seedHex",
    ],
    hooks: { streamWrite: scrub },
    ...(options.pretty && !options.destination
      ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } }
      : {}),
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
