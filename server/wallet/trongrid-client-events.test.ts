import { describe, expect, it } from "vitest";
import { transferEvent } from "../../tests/helpers/fake-trongrid.ts";
import { normaliseEvent } from "./trongrid-client.ts";

// What normaliseEvent accepts from a TronGrid event, field by field. A value it reads wrongly
// could credit the wrong member or the wrong amount, so anything odd must make it null.
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const USDT_HEX41 = "41a614f803b6fd780986a42c78ec9c7f77e6ded13c";
const FROM = "TXngH8bVadn9ZWtKBgjKQcqN1GsZ7A1jcb";
const TO = "TLeUMvxvtUmbCyHAzf3FKV7C2FxquGDWUj";
const OTHER = USDT;
const TX = "ab".repeat(32);

/** The project's TronGrid event (tests/helpers/fake-trongrid.ts), contract in hex, one field bent by `overrides`. */
const event = (overrides: Record<string, unknown> = {}) => ({
  ...transferEvent({
    from: FROM,
    to: TO,
    value: 2_500_000n,
    blockTimestamp: 1_700_000_000_000,
    txId: TX,
    eventIndex: 3,
    contract: USDT_HEX41,
    format: "base58",
  }),
  ...overrides,
});
const EXPECTED = {
  txId: TX,
  eventIndex: 3,
  blockNumber: 566_666_666,
  blockTimestamp: 1_700_000_000_000,
  contract: USDT,
  from: FROM,
  to: TO,
  amount: 2_500_000n,
};

describe("normaliseEvent", () => {
  it("gives the event in our shape, with the contract's hex spelling as base58", () => {
    expect(normaliseEvent(event())).toStrictEqual(EXPECTED);
    expect(normaliseEvent({ ...event(), event_name: undefined })).toStrictEqual(EXPECTED);
  });

  it("refuses another event or an unreadable contract", () => {
    expect(normaliseEvent(event({ event_name: "Approval" }))).toBeNull();
    expect(normaliseEvent(event({ contract_address: "nonsense" }))).toBeNull();
    expect(normaliseEvent(null)).toBeNull();
  });

  it("reads the named keys of the result, or the positional ones when a node gives only those", () => {
    expect(normaliseEvent(event({ result: { from: FROM, to: TO, value: "2500000" } }))).toStrictEqual(EXPECTED);
    expect(normaliseEvent(event({ result: { 0: FROM, 1: TO, 2: "2500000" } }))).toStrictEqual(EXPECTED);
    // Both present and different: the named key wins.
    const both = { from: FROM, to: TO, value: "2500000", 0: OTHER, 1: OTHER, 2: "1" };
    expect(normaliseEvent(event({ result: both }))).toStrictEqual(EXPECTED);
    expect(normaliseEvent(event({ result: { from: FROM, to: TO } }))).toBeNull();
  });

  it("reads counts as non-negative integers or decimal strings of them, nothing else", () => {
    expect(
      normaliseEvent(event({ event_index: "12", block_number: "0", block_timestamp: "1700000000000" })),
    ).toStrictEqual({
      ...EXPECTED,
      eventIndex: 12,
      blockNumber: 0,
    });
    for (const bad of [" 5", "5 ", "x5", "5x", "-1", "1.5", "", -1, 1.5, null]) {
      expect(normaliseEvent(event({ event_index: bad })), String(bad)).toBeNull();
    }
  });

  it("reads a transaction id as 64 lowercase hex digits, dropping a leading 0x", () => {
    expect(normaliseEvent(event({ transaction_id: `0x${TX.toUpperCase()}` }))).toStrictEqual(EXPECTED);
    expect(normaliseEvent(event({ transaction_id: `0X${TX}` }))).toStrictEqual(EXPECTED);
    const middle = `${"ab".repeat(16)}0x${"ab".repeat(16)}`;
    for (const bad of [TX.slice(1), `${TX}a`, `a${TX}`, middle, `${"ab".repeat(31)}zz`, 5]) {
      expect(normaliseEvent(event({ transaction_id: bad })), String(bad)).toBeNull();
    }
  });

  it("reads the value as a decimal string, a 0x hex string or a non-negative integer, as bigint", () => {
    const amountOf = (value: unknown) => normaliseEvent(event({ result: { from: FROM, to: TO, value } }))?.amount;
    expect(amountOf("0xff")).toBe(255n);
    expect(amountOf("0xFF10")).toBe(65_296n);
    expect(amountOf("123456789012345678901")).toBe(123_456_789_012_345_678_901n);
    expect(amountOf(7)).toBe(7n);
    expect(amountOf(0)).toBe(0n);
    for (const bad of [" 123", "123 ", "abc123", "123abc", "0x", "0xfg", "-5", "1.5", "1e6", "", -1, 1.5]) {
      expect(amountOf(bad), String(bad)).toBeUndefined();
    }
  });
});
