import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isIPv4 } from "node:net";

/** A key and its certificate, PEM, for a TLS server in a test. */
export interface TestCertificate {
  key: string;
  cert: string;
}

/**
 * A self-signed X.509 v3 certificate (P-256, ECDSA with SHA-256) for `host`, an IPv4 address or a
 * name, valid from a minute ago for a day: what a test's TLS server presents and its client is
 * told to trust. Written out in DER by hand (RFC 5280) rather than taking a certificate library
 * or needing the openssl command on the test machines.
 */
export function selfSignedCertificate(host = "127.0.0.1"): TestCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const ecdsaWithSha256 = seq(oid("1.2.840.10045.4.3.2"));
  const name = seq(set(seq(oid("2.5.4.3"), tlv(0x0c, Buffer.from(`Errand test ${host}`)))));
  const now = Date.now();
  // subjectAltName: an iPAddress [7] or a dNSName [2], which TLS clients check the host against.
  const altName = isIPv4(host) ? tlv(0x87, Buffer.from(host.split(".").map(Number))) : tlv(0x82, Buffer.from(host));
  const extensions = tlv(0xa3, seq(seq(oid("2.5.29.17"), tlv(0x04, seq(altName)))));
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serialNumber()),
    ecdsaWithSha256,
    name,
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    extensions,
  );
  const signature = sign("sha256", tbs, privateKey);
  const der = seq(tbs, ecdsaWithSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return {
    key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`,
  };
}

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), content]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
  return Buffer.concat([Buffer.from([tag, 0x80 | bytes.length, ...bytes]), content]);
}

const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));

/** 8 random bytes, the first one below 0x80 and not zero, so the INTEGER is positive and minimal. */
function serialNumber(): Buffer {
  const bytes = randomBytes(8);
  bytes[0] = (bytes[0]! & 0x7f) | 0x40;
  return bytes;
}

/** A positive INTEGER: a leading zero byte keeps a high first bit from reading as a sign. */
const integer = (bytes: Buffer) => tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let n = arc; ; n = Math.floor(n / 128)) {
      groups.unshift((n % 128) | (groups.length ? 0x80 : 0));
      if (n < 128) break;
    }
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, "").slice(2, 14) + "Z";
  return tlv(0x17, Buffer.from(text));
}
