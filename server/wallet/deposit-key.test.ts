import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { HDKey } from "@scure/bip32";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getLogger } from "../lib/logger.ts";
import { resetSingleton } from "../lib/singleton.ts";
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
    const stored = JSON.parse(fs.readFileSync(keyFile(), "utf8")) as { warning: string; seedHex: string; accountXpub: string };
    expect(stored.warning).toMatch(/DEVELOPMENT ONLY/);
    expect(stored.seedHex).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.accountXpub).toBe(accountXpub);
    expect(HDKey.fromMasterSeed(Buffer.from(stored.seedHex, "hex")).derive("m/44'/195'/0'").publicExtendedKey).toBe(accountXpub);
    const account = HDKey.fromExtendedKey(accountXpub);
    expect(account.depth).toBe(3);
    expect(account.privateKey).toBeNull();
  });

  it("leaves no temporary or partial file behind", () => {
    loadOrCreateDevKey(dataDir);
    expect(fs.readdirSync(dataDir)).toEqual([DEV_KEY_FILE]);
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
    expect(() => loadOrCreateDevKey(dataDir)).toThrow(/is damaged \(not valid JSON\)/);
    expect(fs.readFileSync(keyFile(), "utf8")).toBe('{"warning": "DEVELOPMENT ONLY", "seedHex": "ab');
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
    const outputs = await Promise.all(Array.from({ length: 4 }, () => run(tsx, ["-e", script], { env: { ...process.env, LOG_LEVEL: "silent" } })));
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
    expect(String(warn.mock.calls[0]![1])).toMatch(/DEVELOPMENT key stored in .*only as safe as that file.*set TRON_XPUB/s);
    expect(getDepositXpub()).toBe(xpub);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("in production, refuses the development key unless ALLOW_DEV_TRON_KEY=true, and then warns", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("PUBLIC_URL", "https://signals.example");
    vi.stubEnv("TRON_XPUB", "");
    vi.stubEnv("DATA_DIR", dataDir);
    expect(() => getDepositXpub()).toThrow(/^Invalid configuration: TRON_XPUB is required in production .*set ALLOW_DEV_TRON_KEY=true/);
    expect(fs.readdirSync(dataDir)).toEqual([]);

    vi.stubEnv("ALLOW_DEV_TRON_KEY", "true");
    reset();
    const warn = vi.spyOn(getLogger(), "warn");
    expect(getDepositXpub()).toBe(loadOrCreateDevKey(dataDir).accountXpub);
    expect(warn).toHaveBeenCalledOnce();
  });
});
