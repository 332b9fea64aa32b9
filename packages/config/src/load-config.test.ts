import { describe, expect, it } from "vitest";
import { ConfigError, ENV_DOCS, envSchema, loadConfig } from "./index.ts";

describe("loadConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.dataDir.endsWith("/data")).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.billingEnabled).toBe(true);
    expect(config.adminEmails).toEqual([]);
  });

  it("names the variable when a value is bad", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT: must be a number/);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT: must be between 1 and 65535/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ENCRYPTION_KEY: "short" })).toThrow(/ENCRYPTION_KEY: must be 64 hex/);
    expect(() => loadConfig({ BILLING: "maybe" })).toThrow(/BILLING: must be on or off/);
    expect(() => loadConfig({ ADMIN_EMAILS: "a@b.co,not-an-email" })).toThrow(/ADMIN_EMAILS/);
  });

  it("reports every bad variable at once", () => {
    try {
      loadConfig({ PORT: "x", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.variable).sort()).toEqual(["LOG_LEVEL", "PORT"]);
    }
  });

  it("parses lists, switches and derived values", () => {
    const config = loadConfig({ PORT: "4100", ADMIN_EMAILS: " Boss@Example.com , ops@example.com", BILLING: "off", TRUST_PROXY: "yes" });
    expect(config.baseUrl).toBe("http://localhost:4100");
    expect(config.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
    expect(config.billingEnabled).toBe(false);
    expect(config.trustProxy).toBe(1);
  });

  it("takes TRUST_PROXY as a switch or a number of proxies", () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "off" }).trustProxy).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY: must be true, false or the number of proxies/);
  });

  it("keeps files on local disk unless S3_URL is set, and then needs the bucket and keys", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const s3 = { S3_URL: "http://127.0.0.1:9000", S3_BUCKET: "errand-files", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "sekrit" };
    expect(loadConfig(s3).s3).toEqual({
      url: "http://127.0.0.1:9000",
      bucket: "errand-files",
      accessKeyId: "id",
      secretAccessKey: "sekrit",
      region: "us-east-1",
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3, S3_REGION: "auto", S3_FORCE_PATH_STYLE: "false" }).s3).toMatchObject({
      region: "auto",
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_URL: "http://127.0.0.1:9000", S3_BUCKET: "errand-files" })).toThrow(
      /S3_ACCESS_KEY_ID: must be set when S3_URL is set/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: "Not_A_Bucket" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...s3, S3_URL: "ftp://x" })).toThrow(/S3_URL: must be a http\(s\) URL/);
  });

  it("documents every variable it reads", () => {
    expect(Object.keys(ENV_DOCS).sort()).toEqual(Object.keys(envSchema.shape).sort());
  });
});
