import os from "node:os";

/**
 * Who runs an ops command that opened the database itself (no server in between to check a
 * token): the operating-system account and the machine, e.g. `cli:root@db-host`. Whoever can
 * open the database could write any name, so this records the account the OS vouches for
 * rather than one typed on the command line.
 */
export function cliActor(): string {
  return `cli:${osUser()}@${os.hostname()}`;
}

function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    // A container user without a passwd entry: the numeric uid is still who it is.
    return process.env.USER ?? process.env.LOGNAME ?? `uid-${process.getuid?.() ?? "unknown"}`;
  }
}
