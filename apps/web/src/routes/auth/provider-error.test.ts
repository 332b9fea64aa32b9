import { describe, expect, it } from "vitest";
import { failedProvider, providerSignInError, withoutProviderError } from "./provider-error";

describe("failedProvider", () => {
  it("reads the provider from ?error=", () => {
    expect(failedProvider(new URLSearchParams("error=google"))).toBe("google");
    expect(failedProvider(new URLSearchParams("error=github"))).toBe("github");
  });

  it("finds it among the reason codes the server appends", () => {
    const params = new URLSearchParams("error=github&error=access_denied&error_description=User%20denied");
    expect(failedProvider(params)).toBe("github");
  });

  it("ignores other errors and clean URLs", () => {
    expect(failedProvider(new URLSearchParams("error=state_mismatch"))).toBeNull();
    expect(failedProvider(new URLSearchParams(""))).toBeNull();
  });
});

describe("withoutProviderError", () => {
  it("removes every error parameter and keeps the rest", () => {
    const params = new URLSearchParams("error=google&error=access_denied&error_description=x&next=%2Ftasks");
    expect(withoutProviderError(params).toString()).toBe("next=%2Ftasks");
    expect(params.getAll("error")).toHaveLength(2);
  });
});

describe("providerSignInError", () => {
  it("uses the spec's wording", () => {
    expect(providerSignInError("google")).toBe("Could not sign in with Google. Please try again.");
    expect(providerSignInError("github")).toBe("Could not sign in with GitHub. Please try again.");
  });
});
