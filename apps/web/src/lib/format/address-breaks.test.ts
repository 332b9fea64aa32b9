import { describe, expect, it } from "vitest";
import { addressParts } from "./address-breaks";

describe("where an address may wrap", () => {
  it("breaks a proxy URL after its separators, never inside a word", () => {
    expect(addressParts("http://de.residential-proxy.example:8080")).toEqual(["http://", "de.", "residential-proxy.", "example:", "8080"]);
  });

  it("keeps every character, in order", () => {
    for (const address of ["socks5://user@host.example:1080", "proxy.example.com:3128/", "plainword", ""]) {
      expect(addressParts(address).join("")).toBe(address);
    }
  });
});
