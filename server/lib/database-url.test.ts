import { describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "./database-url.ts";

describe("parseDatabaseUrl", () => {
  it("keeps a single host as it is, any server accepted", () => {
    expect(parseDatabaseUrl("postgres://app:s3cret@db.internal:5432/site?sslmode=require")).toEqual({
      hosts: [{ label: "db.internal:5432", url: "postgres://app:s3cret@db.internal:5432/site?sslmode=require" }],
      sessionAttrs: "any",
    });
    expect(parseDatabaseUrl("postgresql://localhost/site").hosts).toEqual([
      { label: "localhost", url: "postgresql://localhost/site" },
    ]);
  });

  it("splits a host list into one connection string per host, with the same user, database and parameters", () => {
    expect(
      parseDatabaseUrl(
        "postgres://app:p%40ss@10.0.0.1:5432,db-b.internal,[fd00::2]:6432/site?sslmode=require&target_session_attrs=primary&application_name=a%20b",
      ),
    ).toEqual({
      hosts: [
        {
          label: "10.0.0.1:5432",
          url: "postgres://app:p%40ss@10.0.0.1:5432/site?sslmode=require&application_name=a%20b",
        },
        {
          label: "db-b.internal",
          url: "postgres://app:p%40ss@db-b.internal/site?sslmode=require&application_name=a%20b",
        },
        {
          label: "[fd00::2]:6432",
          url: "postgres://app:p%40ss@[fd00::2]:6432/site?sslmode=require&application_name=a%20b",
        },
      ],
      sessionAttrs: "primary",
    });
  });

  it("writes only to a read-write server when several hosts are listed, unless told otherwise", () => {
    expect(parseDatabaseUrl("postgres://app@a:5432,b:5432/site").sessionAttrs).toBe("read-write");
    expect(parseDatabaseUrl("postgres://app@a,b/site?target_session_attrs=any").sessionAttrs).toBe("any");
    expect(parseDatabaseUrl("postgres://app@a/site?target_session_attrs=read-write")).toEqual({
      hosts: [{ label: "a", url: "postgres://app@a/site" }],
      sessionAttrs: "read-write",
    });
  });

  it("refuses what it cannot follow, saying what is wrong and never the password", () => {
    const refusal = (url: string) => {
      try {
        parseDatabaseUrl(url);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`accepted ${url}`);
    };
    expect(refusal("postgres://app:s3cret@a,,b/site")).toMatch(/empty host/);
    expect(refusal("postgres://app:s3cret@a:54321x,b/site")).toMatch(/not host or host:port: a:54321x/);
    expect(refusal("postgres://app:s3cret@a:70000/site")).toMatch(/not host or host:port/);
    expect(refusal("postgres://app:s3cret@a,b/site?target_session_attrs=standby")).toMatch(
      /target_session_attrs must be read-write, primary or any .* not standby/,
    );
    expect(refusal("postgres://app:s3cret@a,b/site?target_session_attrs=read-only")).not.toContain("s3cret");
    expect(refusal("mysql://a/site")).toMatch(/must be a URL like/);
  });
});
