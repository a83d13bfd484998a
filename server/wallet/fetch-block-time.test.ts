import type http from "node:http";
import { afterEach, beforeEach, expect, it } from "vitest";
import { startLocalServer } from "../../tests/helpers/local-server.ts";
import { fetchBlockTime } from "./fetch-block-time.ts";
import { TronGridError } from "./trongrid-client.ts";

// A local HTTP server stands in for the full node API TronGrid serves: each test says what it
// answers; every request is recorded as sent (method, path, headers, body).
type Recorded = { method?: string; path?: string; headers: http.IncomingHttpHeaders; body: string };
let server: Awaited<ReturnType<typeof startLocalServer>>;
let base: string;
let requests: Recorded[];
let reply: (res: http.ServerResponse) => void;

const answer = (status: number, body: unknown) => {
  reply = (res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
};
const block = (number: number, timestamp: number) => ({
  blockID: number.toString(16).padStart(64, "0"),
  block_header: { raw_data: { number, timestamp } },
});

beforeEach(async () => {
  requests = [];
  answer(200, {});
  server = await startLocalServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      requests.push({ method: req.method, path: req.url, headers: req.headers, body });
      reply(res);
    });
  });
  base = server.url;
});
afterEach(() => server.close());

/** The error fetchBlockTime threw, checked to be a TronGridError. */
async function failure(options: Parameters<typeof fetchBlockTime>[0]) {
  const error = await fetchBlockTime(options).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TronGridError);
  return error as TronGridError;
}

it("asks the full node for the block by number and answers its time", async () => {
  answer(200, block(52_000_000, 1_715_000_000_000));
  await expect(fetchBlockTime({ apiUrl: `${base}/`, number: 52_000_000 })).resolves.toBe(1_715_000_000_000);
  expect(requests).toHaveLength(1);
  const [request] = requests;
  expect(request).toMatchObject({ method: "POST", path: "/wallet/getblockbynum" });
  expect(JSON.parse(request!.body)).toEqual({ num: 52_000_000 });
  expect(request!.headers["content-type"]).toBe("application/json");
  expect(request!.headers.accept).toBe("application/json");
  expect(request!.headers["tron-pro-api-key"]).toBeUndefined();
});

it("sends the API key when there is one", async () => {
  answer(200, block(7, 21_000));
  await expect(fetchBlockTime({ apiUrl: base, apiKey: "key-1", number: 7 })).resolves.toBe(21_000);
  expect(requests[0]!.headers["tron-pro-api-key"]).toBe("key-1");
});

it("answers null for a block the chain has not made yet (the node answers {})", async () => {
  answer(200, {});
  await expect(fetchBlockTime({ apiUrl: base, number: 99_000_000 })).resolves.toBeNull();
});

it("accepts a block without its number, and refuses another block than the one asked for", async () => {
  answer(200, { block_header: { raw_data: { timestamp: 42_000 } } });
  await expect(fetchBlockTime({ apiUrl: base, number: 14 })).resolves.toBe(42_000);

  answer(200, block(15, 45_000));
  const error = await failure({ apiUrl: base, number: 14 });
  expect(error.message).toBe("TronGrid answered block 15 for block 14");
  expect(error.retryable).toBe(false);
});

it("refuses an answer that is not a block, without retrying", async () => {
  answer(200, { block_header: { raw_data: { number: 3, timestamp: "yesterday" } } });
  const error = await failure({ apiUrl: base, number: 3 });
  expect(error.message).toBe("TronGrid answered with something that is not a block");
  expect(error.retryable).toBe(false);
});

it("retries what a busy or failing node answers, not a refusal", async () => {
  answer(503, { error: "busy" });
  const busy = await failure({ apiUrl: base, number: 3 });
  expect(busy).toMatchObject({ status: 503, retryable: true });
  expect(busy.message).toMatch(/^TronGrid answered 503\b/);

  answer(400, { error: "bad request" });
  await expect(failure({ apiUrl: base, number: 3 })).resolves.toMatchObject({ status: 400, retryable: false });
});

it("retries when the node cannot be reached", async () => {
  await server.close();
  const error = await failure({ apiUrl: base, number: 3 });
  expect(error.retryable).toBe(true);
  expect(error.message).toMatch(/^TronGrid unreachable: /);
});

it("passes the caller's cancellation on as it is", async () => {
  reply = () => {}; // never answers
  const controller = new AbortController();
  const pending = fetchBlockTime({ apiUrl: base, number: 3, signal: controller.signal });
  controller.abort(new Error("watcher stopping"));
  const error = await pending.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).not.toBeInstanceOf(TronGridError);
  expect(String(error)).toContain("watcher stopping");
});
