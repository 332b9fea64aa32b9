import { connect, type Socket } from "node:net";
import type { Duplex } from "node:stream";

/**
 * Opens what a CONNECT asked for (`hostPort`, "host:port" or "[v6]:port") and joins the client to
 * it, as a forward proxy does once it lets the tunnel through. Returns the socket to the target.
 */
export function openTunnel(client: Duplex, head: Buffer, hostPort: string): Socket {
  const target = new URL(`http://${hostPort}`);
  const remote = connect({ host: target.hostname.replace(/^\[|\]$/g, ""), port: Number(target.port) }, () => {
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) remote.write(head);
    client.pipe(remote);
    remote.pipe(client);
  });
  remote.on("error", () => client.destroy());
  client.on("close", () => remote.destroy());
  return remote;
}
