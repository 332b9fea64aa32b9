import { describe, expect, it } from "vitest";
import { pathAfterSignUp, signUpThen } from "./after-sign-up";

describe("pathAfterSignUp", () => {
  it("follows a path on this site, with its fragment", () => {
    expect(pathAfterSignUp(new URL(signUpThen("/docs/guides/api-integration#setup"), "http://x").search)).toBe(
      "/docs/guides/api-integration#setup",
    );
  });

  it.each(["", "?next=", "?next=https%3A%2F%2Fevil.test%2F", "?next=%2F%2Fevil.test", "?next=%2F%5Cevil.test", "?next=dashboard"])(
    "goes to the dashboard for %j",
    (search) => expect(pathAfterSignUp(search)).toBe("/dashboard"),
  );
});
