import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tronAddressToHex, tronHexToAddress } from "#server/wallet/tron-address";

export const USDT_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** A valid, random TRON base58 address. */
export function randomTronAddress(): string {
  return tronHexToAddress(crypto.randomBytes(20).toString("hex"));
}

export function randomTxId(): string {
  return crypto.randomBytes(32).toString("hex");
}

export type AddressFormat = "base58" | "hex0x" | "hex41";

/** An address spelled as TronGrid may spell it. */
export function spellAddress(address: string, format: AddressFormat): string {
  const hex41 = tronAddressToHex(address);
  return format === "base58" ? address : format === "hex41" ? hex41 : `0x${hex41.slice(2)}`;
}

export type RawTransferEvent = {
  transaction_id: string;
  event_index: number;
  block_number: number;
  block_timestamp: number;
  contract_address: string;
  event_name: string;
  result: Record<string, string>;
  result_type: Record<string, string>;
};

/** A Transfer event in TronGrid's v1 shape (addresses in `result` as 0x hex unless told). */
export function transferEvent(options: {
  to: string;
  value: bigint | string;
  blockTimestamp: number;
  txId?: string;
  eventIndex?: number;
  from?: string;
  contract?: string;
  format?: AddressFormat;
}): RawTransferEvent {
  const format = options.format ?? "hex0x";
  const from = spellAddress(options.from ?? randomTronAddress(), format);
  const to = spellAddress(options.to, format);
  const value = String(options.value);
  return {
    transaction_id: options.txId ?? randomTxId(),
    event_index: options.eventIndex ?? 0,
    block_number: Math.floor(options.blockTimestamp / 3000),
    block_timestamp: options.blockTimestamp,
    contract_address: options.contract ?? USDT_CONTRACT,
    event_name: "Transfer",
    result: { 0: from, 1: to, 2: value, from, to, value },
    result_type: { from: "address", to: "address", value: "uint256" },
  };
}

export type RecordedRequest = { path: string; query: Record<string, string>; headers: http.IncomingHttpHeaders };

/** The time of block `number` on the stand-in's chain: the inverse of transferEvent's block_number. */
export const fakeBlockTime = (number: number) => number * 3000;

/**
 * A local stand-in for TronGrid's `GET /v1/contracts/{contract}/events`: serves `events`
 * (whatever their contract — the real API filters, the watcher must not rely on it) from
 * min_block_timestamp on, oldest first, in pages of `limit` with meta.fingerprint and
 * links.next while more remain. `failNext(n, status)` answers the next n requests with an error.
 * Every request is recorded (path, query, headers). `POST /wallet/getblockbynum` answers a
 * block at `fakeBlockTime(num)` for a block up to now, `{}` for one not made yet. With `tls`
 * (a key and certificate) it serves https, as production requires.
 */
export async function startFakeTronGrid(options: { tls?: { key: string; cert: string } } = {}) {
  let events: RawTransferEvent[] = [];
  let failures = { after: 0, remaining: 0, status: 429 };
  const requests: RecordedRequest[] = [];

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (failures.after > 0) failures.after--;
    else if (failures.remaining > 0) {
      failures.remaining--;
      return send(failures.status, {
        success: false,
        error: `fake failure ${failures.status}`,
        statusCode: failures.status,
      });
    }
    if (req.method === "POST" && url.pathname === "/wallet/getblockbynum") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const num = Number((JSON.parse(body || "{}") as { num?: unknown }).num);
        if (!Number.isInteger(num) || fakeBlockTime(num) > Date.now()) return send(200, {});
        send(200, {
          blockID: num.toString(16).padStart(64, "0"),
          block_header: { raw_data: { number: num, timestamp: fakeBlockTime(num) } },
        });
      });
      return;
    }
    if (req.method !== "GET" || !/^\/v1\/contracts\/[^/]+\/events$/.test(url.pathname)) {
      return send(404, { success: false, error: "not found" });
    }
    const min = Number(url.searchParams.get("min_block_timestamp") ?? 0);
    const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 20), 1), 200);
    const fingerprint = url.searchParams.get("fingerprint");
    const offset = fingerprint ? Number(Buffer.from(fingerprint, "base64url").toString().split(":")[1]) : 0;
    const matching = events
      .filter((e) => e.block_timestamp >= min)
      .sort((a, b) => a.block_timestamp - b.block_timestamp || a.event_index - b.event_index);
    const data = matching.slice(offset, offset + limit);
    const meta: Record<string, unknown> = { at: Date.now(), page_size: data.length };
    if (offset + limit < matching.length) {
      const next = Buffer.from(`offset:${offset + limit}:${crypto.randomBytes(4).toString("hex")}`).toString(
        "base64url",
      );
      const nextUrl = new URL(url.pathname, `http://${req.headers.host}`);
      url.searchParams.forEach((v, k) => k !== "fingerprint" && nextUrl.searchParams.set(k, v));
      nextUrl.searchParams.set("fingerprint", next);
      meta.fingerprint = next;
      meta.links = { next: nextUrl.toString() };
    }
    send(200, { data, success: true, meta });
  };
  const server = options.tls ? https.createServer(options.tls, handle) : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `${options.tls ? "https" : "http"}://127.0.0.1:${port}`,
    requests,
    setEvents(list: RawTransferEvent[]) {
      events = [...list];
    },
    addEvents(...list: RawTransferEvent[]) {
      events.push(...list);
    },
    /** Answers `count` requests with `status`, after letting `after` requests through. */
    failNext(count: number, status = 429, after = 0) {
      failures = { after, remaining: count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeTronGrid = Awaited<ReturnType<typeof startFakeTronGrid>>;
