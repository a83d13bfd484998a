import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkDataDirPermissions } from "./check-data-dir-permissions.ts";
import { DEV_KEY_FILE } from "./wallet/deposit-key.ts";

const posix = process.platform !== "win32";
let dataDir: string;
let warnings: { details: object; message: string }[];
const log = { warn: (details: object, message: string) => warnings.push({ details, message }) };
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-modes-"));
  warnings = [];
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A file with exactly `mode`, whatever the umask. */
function writeWithMode(name: string, mode: number) {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, "secret-value\n");
  fs.chmodSync(file, mode);
  return file;
}
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe.runIf(posix)("checkDataDirPermissions", () => {
  it("tightens a secret file created 0644 to 0600, with a warning naming it", () => {
    const file = writeWithMode("auth-secret", 0o644);
    checkDataDirPermissions({ dataDir, log });
    expect(modeOf(file)).toBe(0o600);
    expect(warnings).toEqual([
      {
        details: { file, mode: "0644" },
        message: `secret file ${file} was readable by other users (mode 0644); its mode is now 0600. Rotate the secret if other users of this machine are not trusted`,
      },
    ]);
    expect(fs.readFileSync(file, "utf8")).toBe("secret-value\n");
  });

  it("checks every secret file (auth secret, ops token, development deposit key) and leaves private ones alone", () => {
    const wide = [writeWithMode("ops-token", 0o640), writeWithMode(DEV_KEY_FILE, 0o604)];
    const private_ = writeWithMode("auth-secret", 0o600);
    const other = writeWithMode("server.info", 0o644);
    checkDataDirPermissions({ dataDir, log });
    for (const file of wide) expect(modeOf(file)).toBe(0o600);
    expect(modeOf(private_)).toBe(0o600);
    // Not a secret: untouched.
    expect(modeOf(other)).toBe(0o644);
    expect(warnings.map((w) => (w.details as { file: string }).file).sort()).toEqual(wide.sort());
  });

  it("reports a DATA_DIR open to other users without changing it", () => {
    fs.chmodSync(dataDir, 0o755);
    checkDataDirPermissions({ dataDir, log });
    expect(modeOf(dataDir)).toBe(0o755);
    expect(warnings).toEqual([
      {
        details: { dataDir, mode: "0755" },
        message: expect.stringMatching(/is open to other users of this machine \(mode 0755\).*chmod 700/),
      },
    ]);
  });

  it("is quiet when everything is private, and when DATA_DIR does not exist yet", () => {
    fs.chmodSync(dataDir, 0o700);
    writeWithMode("auth-secret", 0o600);
    checkDataDirPermissions({ dataDir, log });
    checkDataDirPermissions({ dataDir: path.join(dataDir, "absent"), log });
    expect(warnings).toEqual([]);
  });

  it("does not follow a symbolic link put in place of a secret", () => {
    fs.chmodSync(dataDir, 0o700);
    const elsewhere = path.join(dataDir, "elsewhere");
    fs.writeFileSync(elsewhere, "not ours");
    fs.chmodSync(elsewhere, 0o644);
    fs.symlinkSync(elsewhere, path.join(dataDir, "ops-token"));
    checkDataDirPermissions({ dataDir, log });
    expect(modeOf(elsewhere)).toBe(0o644);
  });
});
