import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import S3rver from "s3rver";
import { DUMMY_ACCOUNT } from "s3rver/lib/models/account.js";
import { verifySigV4 } from "./verify-sigv4.ts";

/**
 * The test S3 server's own process (see start-s3-server.ts): s3rver behind a SigV4 check on
 * 127.0.0.1. Prints {"port"} once listening; GET /__s3-test/requests lists what it answered
 * (no bucket name can start with "_"). Ends with its parent (stdin closes) or on SIGTERM.
 */
interface Setup {
  directory: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const setup = JSON.parse(process.env.S3_TEST_SETUP ?? "{}") as Setup;
const keys = new Map([[setup.accessKeyId, setup.secretAccessKey]]);
// s3rver looks the key up too (and then trusts the V4 signature checked here).
DUMMY_ACCOUNT.createKeyPair(setup.accessKeyId, setup.secretAccessKey);
const s3rver = new S3rver({ directory: setup.directory, silent: true, vhostBuckets: false, configureBuckets: [{ name: setup.bucket }] });
await s3rver.configureBuckets();
const handle = s3rver.callback();
const requests: { method: string; url: string; status?: number }[] = [];

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const server = createServer((req, res) => {
  if (req.url === "/__s3-test/requests") {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify(requests));
  }
  const record: (typeof requests)[number] = { method: req.method ?? "GET", url: req.url ?? "/" };
  requests.push(record);
  res.on("finish", () => (record.status = res.statusCode));
  const problem = verifySigV4(req, keys);
  if (!problem) return handle(req, res);
  req.resume();
  res.writeHead(403, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${problem.code}</Code><Message>${xml(problem.message)}</Message></Error>`);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.stdin.on("end", stop);
process.stdin.resume();
