import net from "node:net";

/** A TCP port free on 127.0.0.1 right now (for a server whose PUBLIC_URL must name its port). */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
