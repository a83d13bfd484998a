import pino from "pino";
import { getConfig } from "../config.ts";
import { singleton } from "./singleton.ts";

/** JSON logs in production; human-readable in development. Never log secrets, codes or tokens. */
export function getLogger(): pino.Logger {
  return singleton("logger", () => {
    const config = getConfig();
    const pretty = config.env === "development" && process.stdout.isTTY;
    return pino({
      level: config.logLevel,
      redact: ["password", "token", "code", "*.password", "*.token", "req.headers.cookie"],
      ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } } : {}),
    });
  });
}
