import net from "node:net";

export type RawResponse = { status: number; head: string; closed: boolean };

/**
 * Sends bytes exactly as written (no client library to tidy a malformed request) and reads
 * the status line and headers of the answer. `status` is 0 when the server closed the
 * connection without answering.
 */
export function rawRequest(
  url: string,
  request: string,
  options: { body?: AsyncIterable<Buffer>; timeoutMs?: number } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = "";
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const head = received.split("\r\n\r\n")[0] ?? "";
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, closed });
    };
    const timer = setTimeout(() => {
      settled = true;
      socket.destroy();
      reject(
        new Error(`no answer within ${options.timeoutMs ?? 10_000} ms to ${JSON.stringify(request.slice(0, 80))}`),
      );
    }, options.timeoutMs ?? 10_000);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n")) finish(false);
    });
    socket.on("close", () => finish(true));
    // A server that answers and closes while we still send makes our writes fail: that is an answer too.
    socket.on("error", () => finish(true));
    socket.write(request, "latin1");
    if (options.body) {
      void (async () => {
        for await (const chunk of options.body!) {
          if (settled || socket.destroyed) return;
          if (!socket.write(chunk)) await new Promise((r) => socket.once("drain", r));
        }
      })().catch(() => finish(true));
    }
  });
}

/** An HTTP/1.1 request line and headers, ending the head. */
export function head(method: string, target: string, headers: Record<string, string>) {
  return `${method} ${target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
}
