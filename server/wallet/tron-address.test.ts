import crypto from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.ts";
import {
  isTronAddress,
  toTronBase58,
  tronAddressFromPublicKey,
  tronAddressToHex,
  tronHexToAddress,
} from "./tron-address.ts";

// USDT's TRC-20 contract, whose hex form is published on every TRON explorer.
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const USDT_HEX = "41a614f803b6fd780986a42c78ec9c7f77e6ded13c";
const base58check = createBase58check(sha256);

describe("tronAddressFromPublicKey", () => {
  it("gives the same address for the compressed and the uncompressed form of a key", () => {
    const ecdh = crypto.createECDH("secp256k1");
    ecdh.generateKeys();
    const compressed = tronAddressFromPublicKey(ecdh.getPublicKey(null, "compressed"));
    const uncompressed = tronAddressFromPublicKey(ecdh.getPublicKey(null, "uncompressed"));
    expect(compressed).toBe(uncompressed);
    expect(compressed).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isTronAddress(compressed)).toBe(true);
  });

  it("refuses bytes that are not a secp256k1 public key", () => {
    expect(() => tronAddressFromPublicKey(new Uint8Array(32))).toThrow(AppError);
    expect(() => tronAddressFromPublicKey(new Uint8Array(65).fill(4))).toThrow(AppError);
    const offCurve = new Uint8Array(33).fill(3);
    offCurve[0] = 2;
    expect(() => tronAddressFromPublicKey(offCurve)).toThrow(/secp256k1/);
  });

  it("names what is wrong: the length before the curve", () => {
    for (const length of [0, 32, 34, 64, 66]) {
      expect(() => tronAddressFromPublicKey(new Uint8Array(length).fill(2)), String(length)).toThrow(
        expect.objectContaining({
          code: "VALIDATION",
          message: "A secp256k1 public key has 33 (compressed) or 65 (uncompressed) bytes.",
        }),
      );
    }
    const offCurve = new Uint8Array(33).fill(3);
    offCurve[0] = 2;
    expect(() => tronAddressFromPublicKey(offCurve)).toThrow(
      expect.objectContaining({ code: "VALIDATION", message: "Not a valid secp256k1 public key." }),
    );
  });
});

describe("isTronAddress", () => {
  it("accepts checksummed TRON addresses", () => {
    expect(isTronAddress(USDT)).toBe(true);
    expect(isTronAddress("TXngH8bVadn9ZWtKBgjKQcqN1GsZ7A1jcb")).toBe(true);
  });

  it("refuses a bad checksum", () => {
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false);
    expect(isTronAddress("TXngH8bVadn9ZWtKBgjKQcqN1GsZ7A1jcB")).toBe(false);
  });

  it("refuses a well-formed base58check payload with another prefix or length", () => {
    const body = crypto.randomBytes(20);
    expect(isTronAddress(base58check.encode(Uint8Array.from([0x41, ...body])))).toBe(true);
    expect(isTronAddress(base58check.encode(Uint8Array.from([0x42, ...body])))).toBe(false);
    expect(isTronAddress(base58check.encode(Uint8Array.from([0x00, ...body])))).toBe(false);
    expect(isTronAddress(base58check.encode(Uint8Array.from([0x41, ...body, 0])))).toBe(false);
    expect(isTronAddress(base58check.encode(Uint8Array.from(body)))).toBe(false);
    // A Bitcoin address is valid base58check, just not TRON.
    expect(isTronAddress("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(false);
  });

  it("refuses things that are not base58 at all", () => {
    for (const value of [
      "",
      "T",
      `0x${USDT_HEX.slice(2)}`,
      USDT_HEX,
      `${USDT} `,
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t",
    ]) {
      expect(isTronAddress(value), value).toBe(false);
    }
  });
});

describe("hex conversions", () => {
  it("converts base58 to 41-prefixed lowercase hex and back", () => {
    expect(tronAddressToHex(USDT)).toBe(USDT_HEX);
    expect(tronHexToAddress(USDT_HEX)).toBe(USDT);
  });

  it("accepts the 0x forms TronGrid event logs use", () => {
    const body = USDT_HEX.slice(2);
    expect(tronHexToAddress(`0x${body}`)).toBe(USDT);
    expect(tronHexToAddress(`0x${body.toUpperCase()}`)).toBe(USDT);
    expect(tronHexToAddress(`0x${USDT_HEX}`)).toBe(USDT);
    expect(tronHexToAddress(body)).toBe(USDT);
  });

  it("refuses anything else", () => {
    for (const value of [
      "",
      "0x",
      "41",
      `42${USDT_HEX.slice(2)}`,
      `0x${USDT_HEX.slice(4)}`,
      `${USDT_HEX}00`,
      `0x${"zz".repeat(20)}`,
    ]) {
      expect(() => tronHexToAddress(value), value).toThrow(AppError);
    }
    expect(() => tronAddressToHex("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toThrow(AppError);
  });

  it("says which conversion failed, as a validation error", () => {
    const notHex = expect.objectContaining({ code: "VALIDATION", message: "Not a hex TRON address." });
    expect(() => tronHexToAddress(`0x${"zz".repeat(20)}`)).toThrow(notHex);
    expect(() => tronHexToAddress(`${USDT_HEX}00`)).toThrow(notHex);
    expect(() => tronAddressToHex("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toThrow(
      expect.objectContaining({ code: "VALIDATION", message: "Not a TRON address." }),
    );
  });

  it("ignores white space around hex, but takes 0x only as a prefix", () => {
    expect(tronHexToAddress(` ${USDT_HEX}\n`)).toBe(USDT);
    expect(tronHexToAddress(` 0x${USDT_HEX.slice(2)} `)).toBe(USDT);
    expect(() => tronHexToAddress(`${USDT_HEX.slice(0, 10)}0x${USDT_HEX.slice(10)}`)).toThrow(AppError);
  });
});

describe("toTronBase58", () => {
  it("reads every spelling TronGrid uses, white space around it included", () => {
    for (const value of [USDT, ` ${USDT} `, USDT_HEX, `0x${USDT_HEX.slice(2)}`, ` 0x${USDT_HEX.slice(2)}\t`]) {
      expect(toTronBase58(value), value).toBe(USDT);
    }
  });

  it("gives null for anything else, strings or not", () => {
    for (const value of [
      5,
      null,
      undefined,
      {},
      [USDT],
      "",
      "nonsense",
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u",
      `42${USDT_HEX.slice(2)}`,
    ]) {
      expect(toTronBase58(value), String(value)).toBeNull();
    }
  });
});
