import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), "s3-server-process.mjs");

export interface S3Request {
  method: string;
  /** Path and query as sent (`/bucket/key?...`). */
  url: string;
  /** Unset while the answer is still being sent. */
  status?: number;
}

export interface S3TestServer {
  /** http://127.0.0.1:<port>: the S3_URL (path-style). */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request the server received, oldest first (those it refused too). */
  requests(): Promise<S3Request[]>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, objects in a temporary directory) on 127.0.0.1 with one
 * private bucket. Requests must carry a valid AWS Signature V4 for the returned key pair (header
 * or query-signed URL, within its expiry), as on S3: s3rver alone accepts any V4 signature.
 * It runs in a process of its own with OpenSSL's legacy provider, which s3rver's ListObjectsV2
 * continuation tokens (DES) need on Node 17 and later.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), "errand-s3-"));
  const bucket = options.bucket ?? "errand-test";
  const accessKeyId = `TESTKEY${randomBytes(6).toString("hex").toUpperCase()}`;
  const secretAccessKey = randomBytes(24).toString("base64url");
  const child = spawn(process.execPath, ["--openssl-legacy-provider", ENTRY], {
    env: { ...process.env, S3_TEST_SETUP: JSON.stringify({ directory, bucket, accessKeyId, secretAccessKey }) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", (line) => resolve((JSON.parse(line) as { port: number }).port));
    void exited.then((code) => reject(new Error(`The test S3 server exited (${code}) before listening`)));
  });
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    bucket,
    region: "us-east-1",
    accessKeyId,
    secretAccessKey,
    async requests() {
      return (await (await fetch(`${url}/__s3-test/requests`)).json()) as S3Request[];
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
