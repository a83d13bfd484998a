import type http from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { transferEvent } from "../../tests/helpers/fake-trongrid.ts";
import { startLocalServer } from "../../tests/helpers/local-server.ts";
import { getLogger } from "../lib/logger.ts";
import { fetchTransferEvents, isRetryableStatus, TronGridError } from "./trongrid-client.ts";

// A plain local HTTP server stands in for TronGrid: each test says how it answers, and every
// request it receives is recorded as sent (raw path and query, headers).
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const FROM = "TXngH8bVadn9ZWtKBgjKQcqN1GsZ7A1jcb";
const TO = "TLeUMvxvtUmbCyHAzf3FKV7C2FxquGDWUj";
const TX = "ab".repeat(32);

type Recorded = { path: string; query: Record<string, string>; headers: http.IncomingHttpHeaders };
let server: Awaited<ReturnType<typeof startLocalServer>>;
let base: string;
let requests: Recorded[];
let reply: (res: http.ServerResponse) => void;

const answer = (status: number, body: string, statusText?: string) => {
  reply = (res) => {
    if (statusText === undefined) res.writeHead(status, { "content-type": "application/json" });
    else res.writeHead(status, statusText, { "content-type": "application/json" });
    res.end(body);
  };
};
const answerJson = (body: unknown) => answer(200, JSON.stringify(body));

beforeEach(async () => {
  requests = [];
  answerJson({ data: [], success: true, meta: { at: 1 } });
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
    reply(res);
  });
  base = server.url;
});
afterEach(() => server.close());

const fetchPage = (options: Partial<Parameters<typeof fetchTransferEvents>[0]> = {}) =>
  fetchTransferEvents({ apiUrl: base, contract: USDT, minBlockTimestamp: 0, ...options });

/** The rejection of `promise`; fails the test when it resolves. */
async function failure(promise: Promise<unknown>): Promise<TronGridError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  return outcome.error as TronGridError;
}

/** The project's TronGrid event (tests/helpers/fake-trongrid.ts), base58 addresses, one field bent by `overrides`. */
const event = (overrides: Record<string, unknown> = {}) => ({
  ...transferEvent({
    from: FROM,
    to: TO,
    value: 2_500_000n,
    blockTimestamp: 1_700_000_000_000,
    txId: TX,
    format: "base58",
  }),
  ...overrides,
});
const normalised = (overrides: { txId?: string; eventIndex?: number; blockTimestamp?: number } = {}) => ({
  txId: TX,
  eventIndex: 0,
  blockNumber: 566_666_666,
  blockTimestamp: 1_700_000_000_000,
  contract: USDT,
  from: FROM,
  to: TO,
  amount: 2_500_000n,
  ...overrides,
});

describe("fetchTransferEvents: the request", () => {
  it("asks for confirmed Transfer events, oldest first, 200 a page, from the floored start, as JSON and without a key", async () => {
    await fetchPage({ apiUrl: `${base}/`, minBlockTimestamp: 1_700_000_000_999.7 });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toBe(`/v1/contracts/${USDT}/events`);
    expect(requests[0]!.query).toEqual({
      event_name: "Transfer",
      only_confirmed: "true",
      min_block_timestamp: "1700000000999",
      order_by: "block_timestamp,asc",
      limit: "200",
    });
    expect(requests[0]!.headers.accept).toBe("application/json");
    expect(requests[0]!.headers["tron-pro-api-key"]).toBeUndefined();
  });

  it("clamps a negative start at 0 and sends the fingerprint, the limit and the key it is given", async () => {
    await fetchPage({ minBlockTimestamp: -5, fingerprint: "fp-1", limit: 3, apiKey: "key-1" });
    expect(requests[0]!.query).toEqual({
      event_name: "Transfer",
      only_confirmed: "true",
      min_block_timestamp: "0",
      order_by: "block_timestamp,asc",
      limit: "3",
      fingerprint: "fp-1",
    });
    expect(requests[0]!.headers["tron-pro-api-key"]).toBe("key-1");
  });

  it("keeps a path prefix of the API URL, with or without its trailing slash", async () => {
    await fetchPage({ apiUrl: `${base}/proxy/` });
    await fetchPage({ apiUrl: `${base}/proxy` });
    expect(requests.map((r) => r.path)).toEqual([
      `/proxy/v1/contracts/${USDT}/events`,
      `/proxy/v1/contracts/${USDT}/events`,
    ]);
  });
});

describe("fetchTransferEvents: failures", () => {
  it.each([
    [403, "Forbidden", true],
    [408, "Request Timeout", true],
    [429, "Too Many Requests", true],
    [500, "Internal Server Error", true],
    [503, "Service Unavailable", true],
    [404, "Not Found", false],
    [400, "Bad Request", false],
  ])("types an HTTP %i as a TronGridError (retryable: %s)", async (status, text, retryable) => {
    answer(status, JSON.stringify({ success: false, error: "no" }));
    const error = await failure(fetchPage());
    expect(error).toBeInstanceOf(TronGridError);
    expect(error.name).toBe("TronGridError");
    expect(error.message).toBe(`TronGrid answered ${status} ${text}`);
    expect(error.status).toBe(status);
    expect(error.retryable).toBe(retryable);
  });

  it("retries 403, 408, 429 and every 5xx, nothing else", () => {
    expect([400, 401, 403, 404, 408, 409, 429, 499, 500, 502, 599].filter(isRetryableStatus)).toEqual([
      403, 408, 429, 500, 502, 599,
    ]);
  });

  it("types an answer without a body (304) by its status", async () => {
    answer(304, "");
    const error = await failure(fetchPage());
    expect(error).toMatchObject({ message: "TronGrid answered 304 Not Modified", status: 304, retryable: false });
  });

  it("leaves no trailing space when the status line has no text", async () => {
    answer(418, "{}", "");
    expect((await failure(fetchPage())).message).toBe("TronGrid answered 418");
  });

  it("a 200 that is not JSON (a proxy's error page) is retryable, with the parse error as its cause", async () => {
    answer(200, "<html>Bad gateway</html>");
    const error = await failure(fetchPage());
    expect(error).toBeInstanceOf(TronGridError);
    expect(error).toMatchObject({
      message: "TronGrid answered with something that is not JSON",
      status: 200,
      retryable: true,
    });
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it.each([
    ["success false", { success: false, data: [] }],
    ["no data", { success: true, meta: {} }],
    ["data that is no list", { data: { 0: {} } }],
    ["a list", []],
    ["null", null],
  ])("a 200 with %s is a format change, not retryable", async (_, body) => {
    answerJson(body);
    const error = await failure(fetchPage());
    expect(error).toBeInstanceOf(TronGridError);
    expect(error).toMatchObject({ message: "TronGrid answered without a data list", status: 200, retryable: false });
  });

  it("an unreachable server is retryable, without a status, with the network error as cause and in the message", async () => {
    await server.close();
    const error = await failure(fetchPage());
    expect(error).toBeInstanceOf(TronGridError);
    expect(error).toMatchObject({
      message: "TronGrid unreachable: TypeError: fetch failed",
      status: undefined,
      retryable: true,
    });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("a server that does not answer within the 15 s timeout is retryable, named as a timeout", async () => {
    // The request's own timeout signal, fired by hand as soon as the request arrives.
    const clock = new AbortController();
    const timeout = vi.spyOn(AbortSignal, "timeout").mockReturnValue(clock.signal);
    const reason = new DOMException("The operation was aborted due to timeout", "TimeoutError");
    reply = () => clock.abort(reason);
    const error = await failure(fetchPage());
    expect(timeout).toHaveBeenCalledWith(15_000);
    expect(error).toBeInstanceOf(TronGridError);
    expect(error).toMatchObject({ message: "TronGrid did not answer within 15 s", status: undefined, retryable: true });
    expect(error.cause).toBe(reason);
  });

  it("lets the caller's own abort through unchanged, before or during the request", async () => {
    const before = new AbortController();
    const early = new Error("shutting down");
    before.abort(early);
    expect(await failure(fetchPage({ signal: before.signal }))).toBe(early);
    expect(requests).toHaveLength(0);

    const during = new AbortController();
    const late = new Error("shutting down now");
    reply = () => during.abort(late);
    expect(await failure(fetchPage({ signal: during.signal }))).toBe(late);
    expect(requests).toHaveLength(1);
  });
});

describe("fetchTransferEvents: the page", () => {
  it("returns the events in our shape with the next page's fingerprint", async () => {
    answerJson({ success: true, data: [event(), event({ event_index: 1 })], meta: { fingerprint: "fp-2" } });
    expect(await fetchPage()).toStrictEqual({
      events: [normalised(), normalised({ eventIndex: 1 })],
      fingerprint: "fp-2",
      unconfirmed: 0,
    });
  });

  it.each([
    ["no meta", { data: [] }],
    ["meta that is no object", { data: [], meta: "last" }],
    ["no fingerprint", { data: [], meta: { page_size: 0 } }],
    ["an empty fingerprint", { data: [], meta: { fingerprint: "" } }],
    ["a fingerprint that is no string", { data: [], meta: { fingerprint: 7 } }],
  ])("reads %s as the last page", async (_, body) => {
    answerJson(body);
    expect(await fetchPage()).toStrictEqual({ events: [], unconfirmed: 0 });
  });

  it('counts events marked unconfirmed in any spelling, with their oldest block time; absent, null, false and "false" are confirmed', async () => {
    const at = (blockTimestamp: number) => ({ blockTimestamp, txId: `${blockTimestamp}`.padStart(64, "0") });
    const confirmed = (t: number, flag: unknown) =>
      event({ transaction_id: at(t).txId, block_timestamp: t, _unconfirmed: flag });
    answerJson({
      data: [
        event({ block_timestamp: 9000, _unconfirmed: true }),
        event({ block_timestamp: "7000", _unconfirmed: "true" }),
        event({ block_timestamp: 8000, _unconfirmed: 1 }),
        confirmed(1000, null),
        confirmed(2000, false),
        confirmed(3000, "false"),
        event({ transaction_id: at(4000).txId, block_timestamp: 4000 }),
      ],
    });
    expect(await fetchPage()).toStrictEqual({
      events: [normalised(at(1000)), normalised(at(2000)), normalised(at(3000)), normalised(at(4000))],
      unconfirmed: 3,
      unconfirmedFrom: 7000,
      // Readable ones are handed back too, so the watcher can list them as pending.
      pending: [
        normalised({ blockTimestamp: 9000 }),
        normalised({ blockTimestamp: 7000 }),
        normalised({ blockTimestamp: 8000 }),
      ],
    });
  });

  it("counts unconfirmed events without a readable block time, but gives no time for them", async () => {
    answerJson({ data: [{ _unconfirmed: true }, event({ _unconfirmed: true, block_timestamp: "soon" })] });
    expect(await fetchPage()).toStrictEqual({ events: [], unconfirmed: 2 });
  });

  it("skips an unreadable Transfer with a warning naming its transaction, and other events silently", async () => {
    const warn = vi.spyOn(getLogger(), "warn");
    answerJson({
      data: [
        event({ transaction_id: "bad-1", event_name: "Transfer" }),
        { ...event({ transaction_id: "bad-2" }), event_name: undefined },
        event({ event_name: "Approval" }),
        42,
        event(),
      ],
    });
    expect(await fetchPage()).toStrictEqual({ events: [normalised()], unconfirmed: 0 });
    const message = "deposit watcher: skipped a Transfer event it could not read";
    expect(warn.mock.calls).toEqual([
      [{ txId: "bad-1" }, message],
      [{ txId: "bad-2" }, message],
      [{ txId: undefined }, message],
    ]);
  });
});
