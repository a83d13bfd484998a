import type { Logger } from "pino";

/**
 * A promise nobody awaited that fails must not stop every member's requests: it is logged
 * and the process carries on. (Node's default ends the process; one bad request could then be
 * replayed to keep the site down.) Uncaught exceptions still end the process, after a log line:
 * the state they leave behind cannot be trusted, and the supervisor restarts us.
 */
export function installProcessGuards(options: { log: Logger; target?: NodeJS.Process }) {
  const { log, target = process } = options;
  const onRejection = (reason: unknown) =>
    log.error({ err: reason }, "unhandled promise rejection (the process carries on)");
  target.on("unhandledRejection", onRejection);
  return () => void target.off("unhandledRejection", onRejection);
}
