/**
 * What the site requires of the server a connection lands on, in libpq's words: `read-write`
 * (neither a hot standby nor read-only by default), `primary` (not a hot standby), or `any`.
 * The read-only kinds are refused: every instance writes.
 */
export type SessionAttrs = "any" | "read-write" | "primary";

export type DatabaseTarget = {
  /** One single-host connection string per listed host, in the order given (what node-postgres parses). */
  hosts: { label: string; url: string }[];
  sessionAttrs: SessionAttrs;
};

const ACCEPTED_ATTRS: readonly string[] = ["any", "read-write", "primary"];

/**
 * Reads a DATABASE_URL in libpq's URI form, which may list several hosts:
 * `postgres://user:secret@host1:5432,host2:5432/db?target_session_attrs=read-write`. node-postgres
 * takes one host per connection, so the list becomes one connection string per host, each with
 * the same user, database and parameters; `target_session_attrs` is read here and left out of
 * them. Without it a single host is `any` (as libpq) and a list is `read-write`: a list names a
 * primary and its standbys, and only the primary may be written to. Throws a message naming the
 * mistake (never the password).
 */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  const match = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)([^?#]*)(?:\?([^#]*))?$/.exec(url);
  if (!match) throw new Error("must be a URL like postgres://user@host:5432/database");
  const [, scheme, userinfo, hostList, path, query] = match;
  const params = new URLSearchParams(query ?? "");
  const listed = hostList!.split(",");
  if (listed.some((entry) => entry === ""))
    throw new Error("lists an empty host: separate hosts with single commas (host1:5432,host2:5432)");
  const hosts = listed.map((entry) => {
    const parsed = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
    if (!parsed || (parsed[2] !== undefined && Number(parsed[2]) > 65535))
      throw new Error(`lists a host that is not host or host:port: ${entry}`);
    return parsed[2] === undefined ? parsed[1]! : `${parsed[1]}:${parsed[2]}`;
  });
  const attrs = params.get("target_session_attrs") ?? (hosts.length > 1 ? "read-write" : "any");
  if (!ACCEPTED_ATTRS.includes(attrs))
    throw new Error(
      `target_session_attrs must be read-write, primary or any (this site writes to its database), not ${attrs}`,
    );
  // The other parameters pass on as written (URLSearchParams would re-encode them).
  const kept = (query ?? "").split("&").filter((pair) => pair !== "" && !pair.startsWith("target_session_attrs="));
  const rest = `${path}${kept.length > 0 ? `?${kept.join("&")}` : ""}`;
  const user = userinfo === undefined ? "" : `${userinfo}@`;
  return {
    hosts: hosts.map((host) => ({ label: host, url: `${scheme}${user}${host}${rest}` })),
    sessionAttrs: attrs as SessionAttrs,
  };
}
