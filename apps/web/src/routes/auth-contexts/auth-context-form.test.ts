import { describe, expect, it } from "vitest";
import { AUTH_CONTEXT_NAME_MAX, createAuthContextSchema } from "@errand/contract";
import { cleanValues, hasErrors, isHttpUrl, urlHost, validateAuthContext } from "./auth-context-form";

describe("validateAuthContext (spec section 5)", () => {
  it("requires both fields", () => {
    expect(validateAuthContext({ name: "", url: "" })).toEqual({
      name: "Name is required",
      url: "Website URL is required",
    });
    expect(validateAuthContext({ name: "   ", url: "  " })).toEqual({
      name: "Name is required",
      url: "Website URL is required",
    });
  });

  it("wants an http or https URL", () => {
    for (const url of [
      "example.com",
      "ftp://example.com",
      "https://",
      "http:/example.com",
      "https:// example.com",
      "javascript:alert(1)",
    ]) {
      expect(validateAuthContext({ name: "Shop", url }).url, url).toBe("Please enter a valid URL");
    }
  });

  it("accepts a name and an http(s) URL, with spaces around", () => {
    expect(validateAuthContext({ name: "Shop", url: "https://shop.example.com/login" })).toEqual({});
    expect(validateAuthContext({ name: " Shop ", url: " http://localhost:8080 " })).toEqual({});
    expect(validateAuthContext({ name: "Shop", url: "HTTPS://EXAMPLE.COM" })).toEqual({});
  });

  it("caps the name's length like the contract", () => {
    expect(validateAuthContext({ name: "x".repeat(AUTH_CONTEXT_NAME_MAX), url: "https://a.example" })).toEqual({});
    expect(validateAuthContext({ name: "x".repeat(AUTH_CONTEXT_NAME_MAX + 1), url: "https://a.example" }).name).toMatch(/at most/);
  });

  it("agrees with the contract on what it accepts", () => {
    const session_id = "6f1c9a57-3c1e-4b8e-9a2f-1d2c3b4a5e6f";
    for (const url of ["https://shop.example.com/login", "http://localhost:8080", "example.com", "https://", "ftp://x.example"]) {
      const values = cleanValues({ name: "Shop", url });
      const ours = !hasErrors(validateAuthContext(values));
      const theirs = createAuthContextSchema.safeParse({ name: values.name, urls: [values.url], session_id }).success;
      expect(ours, url).toBe(theirs);
    }
  });
});

describe("helpers", () => {
  it("isHttpUrl", () => {
    expect(isHttpUrl("https://example.com")).toBe(true);
    expect(isHttpUrl("example.com")).toBe(false);
  });

  it("hasErrors ignores empty entries", () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ name: undefined })).toBe(false);
    expect(hasErrors({ url: "Please enter a valid URL" })).toBe(true);
  });

  it("cleanValues trims", () => {
    expect(cleanValues({ name: " a ", url: " https://b.example " })).toEqual({ name: "a", url: "https://b.example" });
  });

  it("urlHost shows the host with its port", () => {
    expect(urlHost("https://www.linkedin.com/login?x=1")).toBe("www.linkedin.com");
    expect(urlHost("http://localhost:8080/")).toBe("localhost:8080");
    expect(urlHost("not a url")).toBe("not a url");
  });
});
