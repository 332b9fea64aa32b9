import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "./load-config.ts";

export interface Secrets {
  authSecret: string;
  /** 32 bytes. */
  encryptionKey: Buffer;
  /** Keys being rotated out (ENCRYPTION_KEY_PREVIOUS). */
  previousEncryptionKeys: Buffer[];
}

/**
 * AUTH_SECRET and ENCRYPTION_KEY from the environment, or generated once into DATA_DIR/secrets
 * (with a warning) so a single-machine install works with no setup and survives restarts.
 */
export async function resolveSecrets(config: Config, warn: (message: string) => void): Promise<Secrets> {
  const dir = path.join(config.dataDir, "secrets");
  const authSecret =
    config.authSecret ??
    (await readOrGenerate(path.join(dir, "auth-secret"), () => randomBytes(32).toString("base64url"), warn, "AUTH_SECRET"));
  const keyHex =
    config.encryptionKey ??
    (await readOrGenerate(path.join(dir, "encryption-key"), () => randomBytes(32).toString("hex"), warn, "ENCRYPTION_KEY"));
  return {
    authSecret,
    encryptionKey: Buffer.from(keyHex, "hex"),
    previousEncryptionKeys: config.previousEncryptionKeys.map((k) => Buffer.from(k, "hex")),
  };
}

async function readOrGenerate(file: string, generate: () => string, warn: (m: string) => void, variable: string): Promise<string> {
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    await mkdir(path.dirname(path.dirname(file)), { recursive: true });
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const value = generate();
    await writeFile(file, `${value}\n`, { mode: 0o600 });
    warn(`${variable} is not set: generated one into ${file}. Back it up, or set ${variable} (several servers must share it).`);
    return value;
  }
}
