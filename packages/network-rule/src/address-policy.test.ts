import { describe, expect, it } from "vitest";
import { createAddressPolicy, hostIsAllowed, isPublicAddress } from "./address-policy.ts";

const lookupFrom = (table: Record<string, string[]>) => async (host: string) => {
  const found = table[host];
  if (!found) throw new Error("ENOTFOUND");
  return found;
};

describe("isPublicAddress", () => {
  it("refuses private, loopback, link-local, metadata and other special ranges", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.5",
      "192.168.1.1",
      "169.254.169.254",
      "100.100.100.200",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:127.0.0.1",
      "224.0.0.1",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
  it("accepts public addresses, including NAT64 forms of public IPv4", () => {
    for (const a of ["8.8.8.8", "1.1.1.1", "2606:4700::1111", "64:ff9b::808:808"]) expect(isPublicAddress(a), a).toBe(true);
    expect(isPublicAddress("64:ff9b::a00:1")).toBe(false); // NAT64 of 10.0.0.1
  });
});

describe("createAddressPolicy", () => {
  const lookup = lookupFrom({ "example.com": ["93.184.216.34"], "sneaky.test": ["93.184.216.34", "10.0.0.7"], localhost: ["127.0.0.1"] });

  it("checks every resolved address of a host name", async () => {
    const policy = createAddressPolicy({}, lookup);
    expect(await policy.check("https://example.com/a")).toEqual({ allowed: true });
    const sneaky = await policy.check("http://sneaky.test/");
    expect(sneaky.allowed).toBe(false);
    expect(!sneaky.allowed && sneaky.reason).toMatch(/resolves to 10\.0\.0\.7/);
    expect((await policy.check("http://localhost:3000/")).allowed).toBe(false);
    expect((await policy.check("http://169.254.169.254/latest/meta-data/")).allowed).toBe(false);
    expect((await policy.check("http://[::1]:8080/")).allowed).toBe(false);
    expect((await policy.check("http://2130706433/")).allowed).toBe(false); // 127.0.0.1 in decimal
    expect((await policy.check("http://unknown.invalid/")).allowed).toBe(false);
  });

  it("lets allowed hosts through, by host:port or by host", async () => {
    const policy = createAddressPolicy({ allowHosts: ["127.0.0.1:4567", "localhost"] }, lookup);
    expect((await policy.check("http://127.0.0.1:4567/shop")).allowed).toBe(true);
    expect((await policy.check("http://127.0.0.1:4568/shop")).allowed).toBe(false);
    expect((await policy.check("http://localhost:9999/")).allowed).toBe(true);
    expect((await createAddressPolicy({ allowPrivate: true }, lookup).check("http://10.0.0.1/")).allowed).toBe(true);
  });

  it("does not judge non-network schemes and caches lookups", async () => {
    let calls = 0;
    const policy = createAddressPolicy({}, async () => {
      calls++;
      return ["93.184.216.34"];
    });
    expect((await policy.check("data:text/html,hi")).allowed).toBe(true);
    await policy.check("https://a.example/1");
    await policy.check("https://a.example/2");
    expect(calls).toBe(1);
  });
});

describe("names that only ever mean a machine inside", () => {
  it("are refused without a lookup, even where they do not resolve", async () => {
    let lookups = 0;
    const policy = createAddressPolicy({}, async () => {
      lookups++;
      throw new Error("ENOTFOUND");
    });
    for (const url of [
      "http://localhost/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://app.localhost:3000/",
      "http://printer.local/",
      "http://router.home.arpa/",
      "http://metadata.google.internal./",
    ]) {
      const verdict = await policy.check(url);
      expect(verdict, url).toMatchObject({
        allowed: false,
        reason: expect.stringMatching(/names a private, loopback, link-local or metadata address$/),
      });
      expect(!verdict.allowed && verdict.unresolved, url).toBeFalsy();
    }
    expect(lookups).toBe(0);
    expect((await createAddressPolicy({ allowHosts: ["localhost"] }).check("http://localhost:4000/")).allowed).toBe(true);
  });

  it("tells a name that did not resolve from one that was judged", async () => {
    const policy = createAddressPolicy({}, lookupFrom({ "inside.example": ["10.0.0.7"] }));
    expect(await policy.check("http://nowhere.example/")).toEqual({
      allowed: false,
      reason: "the host name nowhere.example could not be resolved",
      unresolved: true,
    });
    expect(await policy.check("http://inside.example/")).toEqual({
      allowed: false,
      reason: "inside.example resolves to 10.0.0.7, a private, loopback, link-local or metadata address",
    });
  });
});

describe("hostIsAllowed", () => {
  it("matches an entry by host:port or by host alone, IPv6 in brackets", () => {
    expect(hostIsAllowed("http://127.0.0.1:4567/a", ["127.0.0.1:4567"])).toBe(true);
    expect(hostIsAllowed("http://127.0.0.1:4568/a", ["127.0.0.1:4567"])).toBe(false);
    expect(hostIsAllowed("https://hooks.test/", ["hooks.test:443"])).toBe(true);
    expect(hostIsAllowed("http://[::1]:9000/", ["[::1]"])).toBe(true);
    expect(hostIsAllowed("http://[::1]:9000/", ["[::1]:9001"])).toBe(false);
    expect(hostIsAllowed(new URL("http://LOCALHOST:1/"), ["localhost"])).toBe(true);
  });
});

describe("allowed domains", () => {
  const lookup = lookupFrom({ "example.com": ["93.184.216.34"], "shop.example.com": ["93.184.216.35"], "other.org": ["93.184.216.36"] });

  it("refuse every other host, with a reason naming the allowed ones, before any other rule", async () => {
    const policy = createAddressPolicy({ allowedDomains: ["*.example.com"], allowHosts: ["other.org"], allowPrivate: true }, lookup);
    expect(policy.allowsEverything).toBe(false);
    expect(await policy.check("https://example.com/")).toEqual({ allowed: true });
    expect(await policy.check("https://shop.example.com:8443/")).toEqual({ allowed: true });
    expect(await policy.check("https://other.org/")).toEqual({
      allowed: false,
      reason: "other.org is not among the run's allowed domains (*.example.com)",
    });
    expect((await policy.check("https://badexample.com/")).allowed).toBe(false);
    expect((await policy.admit("https://other.org/")).allowed).toBe(false);
    expect(await policy.admit("https://shop.example.com/")).toEqual({ allowed: true, addresses: ["93.184.216.35"] });
  });

  it("name a host exactly without the star, and keep the private-address rule for allowed ones", async () => {
    const policy = createAddressPolicy({ allowedDomains: ["example.com", "10.0.0.1"] }, lookup);
    expect((await policy.check("https://example.com/")).allowed).toBe(true);
    expect((await policy.check("https://shop.example.com/")).allowed).toBe(false);
    const inside = await policy.check("http://10.0.0.1/");
    expect(!inside.allowed && inside.reason).toMatch(/private/);
  });
});
