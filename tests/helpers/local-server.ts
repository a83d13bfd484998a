import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A one-off HTTP server on 127.0.0.1 answering as a test says: a stand-in for a service's raw
 * answers (TronGrid's statuses and bodies, a full node's block), or for one the fake TronGrid does
 * not give (a repeated fingerprint, a request that never gets its answer). Closing twice is fine.
 */
export async function startLocalServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
