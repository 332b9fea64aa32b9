import { createServer } from "node:http";
import type { Server } from "node:http";
import { connect } from "node:net";
import type { AddressInfo, Socket } from "node:net";

/** One CONNECT the proxy was asked for, with the credentials it was sent (decoded from Basic). */
export interface ProxyRecord {
  /** "127.0.0.1:4321" */
  target: string;
  username: string | undefined;
  password: string | undefined;
}

export interface RecordingProxy {
  /** "http://127.0.0.1:<port>" */
  server: string;
  /** "127.0.0.1:<port>", as it is written in a proxy URL after the credentials. */
  hostPort: string;
  /** Every CONNECT, oldest first, refused ones too. */
  records: ProxyRecord[];
  close(): Promise<void>;
}

/**
 * An HTTP CONNECT proxy on loopback, as residential gateways work: it accepts a username the
 * test's rule allows (the gateway style puts a session and a country in it) with the password,
 * answers 407 otherwise, and records every CONNECT so tests can see which proxy a browser used
 * and with which username.
 */
export async function startRecordingProxy(options: {
  password: string;
  acceptUsername: (username: string) => boolean;
}): Promise<RecordingProxy> {
  const records: ProxyRecord[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on("connect", (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    const basic = /^Basic (.+)$/i.exec(req.headers["proxy-authorization"] ?? "")?.[1];
    const decoded = basic ? Buffer.from(basic, "base64").toString() : undefined;
    const colon = decoded?.indexOf(":") ?? -1;
    const username = decoded && colon >= 0 ? decoded.slice(0, colon) : undefined;
    const password = decoded && colon >= 0 ? decoded.slice(colon + 1) : undefined;
    records.push({ target: req.url ?? "", username, password });
    if (username === undefined || password !== options.password || !options.acceptUsername(username)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const target = new URL(`http://${req.url}`);
    const remote = connect({ host: target.hostname.replace(/^\[|\]$/g, ""), port: Number(target.port) }, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) remote.write(head);
      client.pipe(remote);
      remote.pipe(client);
    });
    sockets.add(remote);
    remote.on("close", () => sockets.delete(remote));
    remote.on("error", () => client.destroy());
    client.on("close", () => remote.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    records,
    async close() {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
