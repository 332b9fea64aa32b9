import { describe, expect, it } from "vitest";
import { entryProblem, parseProxyLines, poolEntries } from "./proxy-pool-lines";

describe("proxy pool lines", () => {
  it("reads one proxy a line, with an optional country, skipping blank lines", () => {
    expect(parseProxyLines("http://u:p@a.example.com:8080 de\n\n  socks5://b.example.com  \n")).toEqual([
      { url: "http://u:p@a.example.com:8080", country: "de" },
      { url: "socks5://b.example.com" },
    ]);
  });

  it("keeps saved proxies by id before the new lines", () => {
    expect(
      poolEntries(
        [
          { id: "x", country: "fr" },
          { id: "y", country: null },
        ],
        "http://c.example.com",
      ),
    ).toEqual([{ id: "x", country: "fr" }, { id: "y" }, { url: "http://c.example.com" }]);
  });

  it("says which line a problem is on", () => {
    expect(entryProblem(["entries", 2, "url"], "url must start with http://", 1)).toBe("Line 2: url must start with http://");
    expect(entryProblem(["entries", 0], "bad", 1)).toBe("Saved proxy 1: bad");
    expect(entryProblem(["name"], "Name is required", 0)).toBe("Name is required");
  });
});
