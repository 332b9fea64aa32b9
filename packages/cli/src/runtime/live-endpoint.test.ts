import type { NetworkInterfaceInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { advertisedHost } from "./live-endpoint.ts";

const iface = (address: string, family: "IPv4" | "IPv6", internal: boolean) => ({ address, family, internal }) as NetworkInterfaceInfo;

describe("the address a live endpoint is advertised under", () => {
  it("is the machine's own private IPv4 address when it listens on every interface (a container's or pod's)", () => {
    const interfaces = {
      lo: [iface("127.0.0.1", "IPv4", true)],
      eth0: [iface("fe80::1", "IPv6", false), iface("10.0.3.7", "IPv4", false)],
    };
    expect(advertisedHost("0.0.0.0", interfaces)).toBe("10.0.3.7");
    expect(advertisedHost("::", interfaces)).toBe("10.0.3.7");
  });

  it("is loopback when the machine has no other address, and the given host otherwise", () => {
    expect(advertisedHost("0.0.0.0", { lo: [iface("127.0.0.1", "IPv4", true)] })).toBe("127.0.0.1");
    expect(advertisedHost("10.1.2.3")).toBe("10.1.2.3");
    expect(advertisedHost("fd00::5")).toBe("[fd00::5]");
  });
});
