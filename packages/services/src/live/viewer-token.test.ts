import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signViewerToken, verifyViewerToken } from "./viewer-token.ts";

const key = randomBytes(32);
const grant = { kind: "session" as const, id: "0b7f6c39-0f4e-4a3e-8f61-1b2c3d4e5f60", owner: "user-1", exp: Date.now() + 60_000 };

describe("viewer tokens", () => {
  it("open what they were signed for until they expire", () => {
    const token = signViewerToken(key, grant);
    expect(verifyViewerToken(key, token)).toEqual(grant);
    expect(verifyViewerToken(key, token, grant.exp + 1)).toBeNull();
  });

  it("are refused when altered, signed with another key, or malformed", () => {
    const token = signViewerToken(key, grant);
    const [body, mac] = token.split(".");
    const otherUser = Buffer.from(JSON.stringify(["session", grant.id, "user-2", grant.exp])).toString("base64url");
    expect(verifyViewerToken(key, `${otherUser}.${mac}`)).toBeNull();
    expect(verifyViewerToken(randomBytes(32), token)).toBeNull();
    expect(verifyViewerToken(key, `${body}`)).toBeNull();
    expect(verifyViewerToken(key, `${token}.extra`)).toBeNull();
    expect(verifyViewerToken(key, "")).toBeNull();
  });
});
