import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { HDKey } from "@scure/bip32";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../config.ts";
import { getLogger } from "../lib/logger.ts";
import { resetSingleton, setSingleton } from "../lib/singleton.ts";
import { DEV_KEY_FILE, getDepositXpub, loadOrCreateDevKey } from "./deposit-key.ts";

const run = promisify(execFile);
const isWindows = process.platform === "win32";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tron-dev-key-"));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const keyFile = () => path.join(dataDir, DEV_KEY_FILE);
const damaged = (why: string) =>
  `The development deposit key ${keyFile()} is damaged (${why}). It is not replaced automatically because ` +
  "addresses may already have been handed out from it; restore it from a backup, or move it aside " +
  "if you are sure no funds were ever sent to its addresses.";
const xpubOf = (seed: Uint8Array) => HDKey.fromMasterSeed(seed).derive("m/44'/195'/0'").publicExtendedKey;

describe("loadOrCreateDevKey", () => {
  it("creates the key file once, owner-only, and returns the same xpub afterwards", () => {
    const first = loadOrCreateDevKey(dataDir);
    expect(first).toMatchObject({ file: keyFile(), created: true });
    if (!isWindows) expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    const before = fs.readFileSync(keyFile(), "utf8");

    const second = loadOrCreateDevKey(dataDir);
    expect(second).toEqual({ accountXpub: first.accountXpub, file: keyFile(), created: false });
    expect(fs.readFileSync(keyFile(), "utf8")).toBe(before);
  });

  it("stores a seed whose account key is the xpub it returns, with the warning", () => {
    const { accountXpub } = loadOrCreateDevKey(dataDir);
    const stored = JSON.parse(fs.readFileSync(keyFile(), "utf8")) as {
      warning: string;
      seedHex: string;
      accountXpub: string;
    };
    expect(stored.warning).toBe(
      "DEVELOPMENT ONLY. Anyone who can read this file can spend every deposit sent to this site's addresses. " +
        "In production set TRON_XPUB instead. Never delete this file while its addresses may hold funds.",
    );
    expect(stored.seedHex).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.accountXpub).toBe(accountXpub);
    expect(HDKey.fromMasterSeed(Buffer.from(stored.seedHex, "hex")).derive("m/44'/195'/0'").publicExtendedKey).toBe(
      accountXpub,
    );
    const account = HDKey.fromExtendedKey(accountXpub);
    expect(account.depth).toBe(3);
    expect(account.privateKey).toBeNull();
  });

  it("leaves no temporary or partial file behind", () => {
    loadOrCreateDevKey(dataDir);
    expect(fs.readdirSync(dataDir)).toEqual([DEV_KEY_FILE]);
  });

  it("flushes the file and then its directory entry to disk, and closes both", () => {
    const open = vi.spyOn(fs, "openSync");
    const fsync = vi.spyOn(fs, "fsyncSync");
    const close = vi.spyOn(fs, "closeSync");
    loadOrCreateDevKey(dataDir);
    expect(open.mock.calls).toEqual([
      [expect.stringMatching(/tron-dev-key\.json\.\d+\.[0-9a-f]{12}\.tmp$/), "wx", 0o600],
      [dataDir, "r"],
    ]);
    const fds = open.mock.results.map((r) => r.value as number);
    expect(fsync.mock.calls).toEqual([[fds[0]], [fds[1]]]);
    expect(close.mock.calls).toEqual([[fds[0]], [fds[1]]]);
  });

  it("still creates the key where the directory cannot be opened to flush it (best effort)", () => {
    const open = fs.openSync;
    vi.spyOn(fs, "openSync").mockImplementation((target, ...rest) => {
      if (target === dataDir) throw Object.assign(new Error("permission denied"), { code: "EACCES" });
      return open(target, ...rest);
    });
    expect(loadOrCreateDevKey(dataDir)).toMatchObject({ file: keyFile(), created: true });
    expect(fs.readdirSync(dataDir)).toEqual([DEV_KEY_FILE]);
  });

  it("only reads an existing key: no temporary file, no link", () => {
    const { accountXpub } = loadOrCreateDevKey(dataDir);
    const open = vi.spyOn(fs, "openSync");
    const link = vi.spyOn(fs, "linkSync");
    expect(loadOrCreateDevKey(dataDir)).toEqual({ accountXpub, file: keyFile(), created: false });
    expect(open).not.toHaveBeenCalled();
    expect(link).not.toHaveBeenCalled();
  });

  it("generates a different key in a different DATA_DIR", () => {
    const other = path.join(dataDir, "nested", "data");
    const a = loadOrCreateDevKey(dataDir);
    const b = loadOrCreateDevKey(other);
    expect(fs.existsSync(path.join(other, DEV_KEY_FILE))).toBe(true);
    if (!isWindows) expect(fs.statSync(other).mode & 0o777).toBe(0o700);
    expect(b.accountXpub).not.toBe(a.accountXpub);
  });

  it("ignores leftovers of a crash mid-write", () => {
    fs.writeFileSync(`${keyFile()}.1234.abcdef.tmp`, '{"seedHex": "00');
    const key = loadOrCreateDevKey(dataDir);
    expect(key.created).toBe(true);
    expect(loadOrCreateDevKey(dataDir).accountXpub).toBe(key.accountXpub);
  });

  it("refuses a damaged file and never overwrites it", () => {
    fs.writeFileSync(keyFile(), '{"warning": "DEVELOPMENT ONLY", "seedHex": "ab');
    expect(() => loadOrCreateDevKey(dataDir)).toThrow(new Error(damaged("not valid JSON")));
    expect(fs.readFileSync(keyFile(), "utf8")).toBe('{"warning": "DEVELOPMENT ONLY", "seedHex": "ab');
  });

  it("refuses a seedHex that is not 16 to 64 bytes of lowercase hex, even with the xpub of what it starts with", () => {
    // Each accountXpub matches the seed a lenient reader would take from the bytes, so only
    // the seedHex check can refuse them.
    const zeros = (bytes: number) => new Uint8Array(bytes);
    const cases: [unknown, string][] = [
      [undefined, xpubOf(zeros(16))],
      [0, xpubOf(zeros(16))],
      [["00".repeat(16)], xpubOf(zeros(16))],
      ["0".repeat(33), xpubOf(zeros(16))],
      [`${"00".repeat(16)}x`, xpubOf(zeros(16))],
      [`x${"00".repeat(16)}`, xpubOf(zeros(16))],
      ["00".repeat(15), xpubOf(zeros(16))],
      ["00".repeat(65), xpubOf(zeros(64))],
      ["AB".repeat(16), xpubOf(new Uint8Array(16).fill(0xab))],
    ];
    for (const [seedHex, accountXpub] of cases) {
      fs.writeFileSync(keyFile(), JSON.stringify({ warning: "DEVELOPMENT ONLY", seedHex, accountXpub }));
      expect(() => loadOrCreateDevKey(dataDir), JSON.stringify(seedHex)).toThrow(
        new Error(damaged("no valid seedHex")),
      );
    }
    for (const bytes of [16, 64]) {
      fs.writeFileSync(keyFile(), JSON.stringify({ seedHex: "00".repeat(bytes), accountXpub: xpubOf(zeros(bytes)) }));
      expect(loadOrCreateDevKey(dataDir).accountXpub).toBe(xpubOf(zeros(bytes)));
    }
  });

  it("stops on a key file it cannot read, other than a missing one", () => {
    fs.mkdirSync(keyFile());
    expect(() => loadOrCreateDevKey(dataDir)).toThrow(expect.objectContaining({ code: "EISDIR" }));
  });

  it("stops when the file cannot be linked into place, leaving nothing behind", () => {
    const refused = Object.assign(new Error("operation not permitted"), { code: "EPERM" });
    vi.spyOn(fs, "linkSync").mockImplementation(() => {
      throw refused;
    });
    expect(() => loadOrCreateDevKey(dataDir)).toThrow(refused);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("stops when the file another process created is gone again before it is read", () => {
    vi.spyOn(fs, "linkSync").mockImplementation(() => {
      throw Object.assign(new Error("file already exists"), { code: "EEXIST" });
    });
    expect(() => loadOrCreateDevKey(dataDir)).toThrow(new Error(`${keyFile()} vanished while it was being created.`));
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("refuses a file whose xpub does not belong to its seed", () => {
    loadOrCreateDevKey(dataDir);
    const stored = JSON.parse(fs.readFileSync(keyFile(), "utf8")) as Record<string, string>;
    const foreign = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/195'/0'").publicExtendedKey;
    fs.writeFileSync(keyFile(), JSON.stringify({ ...stored, accountXpub: foreign }));
    expect(() => loadOrCreateDevKey(dataDir)).toThrow(/does not match seedHex/);
  });

  it("keeps the key another process wrote first", () => {
    // Simulates the race: another process creates the file between our read and our link.
    const theirs = loadOrCreateDevKey(path.join(dataDir, "theirs"));
    const theirFile = fs.readFileSync(theirs.file);
    const link = fs.linkSync;
    const spy = vi.spyOn(fs, "linkSync").mockImplementation((from, to) => {
      fs.writeFileSync(to, theirFile, { mode: 0o600 });
      link(from, to);
    });
    const ours = loadOrCreateDevKey(dataDir);
    expect(spy).toHaveBeenCalledOnce();
    expect(ours).toEqual({ accountXpub: theirs.accountXpub, file: keyFile(), created: false });
    expect(fs.readdirSync(dataDir).sort()).toEqual(["theirs", DEV_KEY_FILE]);
  });

  it("agrees on one key when several processes start at once", async () => {
    const module = fileURLToPath(new URL("./deposit-key.ts", import.meta.url));
    const tsx = path.resolve("node_modules/.bin/tsx");
    const startAt = Date.now() + 3000;
    // Each process loads the module, then waits for the same instant, so their reads and
    // writes overlap as closely as processes can.
    const script =
      `import(${JSON.stringify(module)}).then((m) => setTimeout(() => ` +
      `console.log(JSON.stringify(m.loadOrCreateDevKey(${JSON.stringify(dataDir)}))), ${startAt} - Date.now()))`;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => run(tsx, ["-e", script], { env: { ...process.env, LOG_LEVEL: "silent" } })),
    );
    const keys = outputs.map(({ stdout }) => JSON.parse(stdout.trim()) as { accountXpub: string; created: boolean });
    expect(new Set(keys.map((k) => k.accountXpub)).size).toBe(1);
    expect(keys.filter((k) => k.created)).toHaveLength(1);
    expect(loadOrCreateDevKey(dataDir).accountXpub).toBe(keys[0].accountXpub);
    expect(fs.readdirSync(dataDir)).toEqual([DEV_KEY_FILE]);
  });
});

describe("getDepositXpub", () => {
  const reset = () => {
    resetSingleton("config");
    resetSingleton("tron-deposit-xpub");
  };
  beforeEach(reset);
  afterEach(() => {
    vi.unstubAllEnvs();
    reset();
  });

  it("uses TRON_XPUB when set and writes nothing", () => {
    const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).derive("m/44'/195'/0'").publicExtendedKey;
    vi.stubEnv("TRON_XPUB", xpub);
    vi.stubEnv("DATA_DIR", dataDir);
    expect(getDepositXpub()).toBe(xpub);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("falls back to the development key in DATA_DIR, with a warning, and caches it", () => {
    vi.stubEnv("TRON_XPUB", "");
    vi.stubEnv("DATA_DIR", dataDir);
    const warn = vi.spyOn(getLogger(), "warn");
    const xpub = getDepositXpub();
    expect(xpub).toBe(loadOrCreateDevKey(dataDir).accountXpub);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toEqual({ file: keyFile(), created: true, env: "test" });
    expect(String(warn.mock.calls[0]![1])).toMatch(
      /DEVELOPMENT key stored in .*only as safe as that file.*set TRON_XPUB/s,
    );
    expect(getDepositXpub()).toBe(xpub);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("in production, refuses the development key unless ALLOW_DEV_TRON_KEY=true, and then warns", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("PUBLIC_URL", "https://signals.example");
    vi.stubEnv("TRON_XPUB", "");
    vi.stubEnv("DATA_DIR", dataDir);
    expect(() => getDepositXpub()).toThrow(
      /^Invalid configuration: TRON_XPUB is required in production .*set ALLOW_DEV_TRON_KEY=true/,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);

    vi.stubEnv("ALLOW_DEV_TRON_KEY", "true");
    reset();
    const warn = vi.spyOn(getLogger(), "warn");
    expect(getDepositXpub()).toBe(loadOrCreateDevKey(dataDir).accountXpub);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("refuses the development key in production even from a configuration that did not go through the env check", () => {
    const base = parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    setSingleton("config", {
      ...base,
      isProduction: true,
      tron: { ...base.tron, xpub: undefined, allowDevKey: false },
    });
    expect(() => getDepositXpub()).toThrow(
      new Error(
        "TRON_XPUB is required in production; set ALLOW_DEV_TRON_KEY=true to run on the development key on purpose.",
      ),
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
