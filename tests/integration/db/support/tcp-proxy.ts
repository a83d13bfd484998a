import net from "node:net";

export type TcpProxy = {
  port: number;
  /**
   * The address goes dark: every connection through it is reset without a word (no goodbye from
   * PostgreSQL, as when a server or its network vanishes) and new ones are refused until `resume`.
   */
  cut: () => Promise<void>;
  /** Accepts connections again, on the same port. */
  resume: () => Promise<void>;
  close: () => Promise<void>;
  /** Connections open through it now. */
  connections: () => number;
};

/** A TCP forwarder on 127.0.0.1 to `target`, standing for the network between the site and its database. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // A reset is this proxy's own doing, or the other side's: either way the pair is closed below.
    socket.on("error", () => {});
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const cut = async () => {
    const closed = stopListening();
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };
  await listen();
  return { port, cut, resume: listen, close: cut, connections: () => sockets.size / 2 };
}
