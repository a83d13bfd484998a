import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readOrCreateSecretFile } from "./secret-file.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("readOrCreateSecretFile", () => {
  it("creates one private secret and returns it ever after", () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "secret-")), "nested");
    dirs.push(path.dirname(dir));
    const first = readOrCreateSecretFile(dir, "token");
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(path.join(dir, "token")).mode & 0o777).toBe(0o600);
    // The folder it creates is owner-only too.
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(readOrCreateSecretFile(dir, "token")).toBe(first);
    // No temp files are left behind.
    expect(fs.readdirSync(dir)).toEqual(["token"]);
  });

  it("keeps a secret that already exists", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, "token"), "existing-secret\n");
    expect(readOrCreateSecretFile(dir, "token")).toBe("existing-secret");
  });
});
