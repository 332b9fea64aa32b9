import { describe, expect, it } from "vitest";
import type { SavedCookie, SavedState } from "../live/live-types.ts";
import { refreshedState, stateForSites } from "./storage-state.ts";

const cookie = (name: string, domain: string, value = "v"): SavedCookie => ({
  name,
  value,
  domain,
  path: "/",
  expires: -1,
  httpOnly: true,
  secure: true,
  sameSite: "Lax",
});

const browsing: SavedState = {
  cookies: [
    cookie("sid", "shop.example.com"),
    cookie("pref", ".example.com"),
    cookie("sso", "accounts.shop.example.com"),
    cookie("ad", ".tracker.net"),
  ],
  origins: [
    { origin: "https://shop.example.com", localStorage: [{ name: "token", value: "t" }] },
    { origin: "https://tracker.net", localStorage: [{ name: "id", value: "x" }] },
  ],
};

describe("saved state", () => {
  it("keeps only the cookies and local storage of the context's sites", () => {
    const kept = stateForSites(browsing, ["https://shop.example.com/login"]);
    expect(kept.cookies.map((c) => c.name)).toEqual(["sid", "pref", "sso"]);
    expect(kept.origins.map((o) => o.origin)).toEqual(["https://shop.example.com"]);
  });

  it("is refreshed when the site replaced a cookie, and left alone when nothing changed", () => {
    const urls = ["https://shop.example.com"];
    const saved = stateForSites(browsing, urls);
    expect(refreshedState(saved, browsing, urls)).toBeNull();
    const rotated = { ...browsing, cookies: browsing.cookies.map((c) => (c.name === "sid" ? { ...c, value: "new" } : c)) };
    expect(refreshedState(saved, rotated, urls)?.cookies.find((c) => c.name === "sid")?.value).toBe("new");
    const storage = { ...browsing, origins: [{ origin: "https://shop.example.com", localStorage: [{ name: "token", value: "t2" }] }] };
    expect(refreshedState(saved, storage, urls)?.origins[0]?.localStorage[0]?.value).toBe("t2");
  });
});
