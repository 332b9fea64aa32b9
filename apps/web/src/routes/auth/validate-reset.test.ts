import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../../api/api-request-error";
import { isInvalidTokenError, validateResetForm } from "./validate-reset";

describe("validateResetForm", () => {
  it("accepts identical passwords of 6 characters or more", () => {
    expect(validateResetForm("secret", "secret")).toEqual({ ok: true, password: "secret" });
  });

  const MISMATCH = "Please make sure both passwords are identical.";
  const SHORT = "Password must be at least 6 characters long.";
  it.each([
    {
      problem: "a mismatch on the confirmation field",
      password: "secret1",
      confirm: "secret2",
      title: "Passwords don't match",
      errors: { confirmPassword: MISMATCH },
    },
    {
      problem: "a short password on the new-password field",
      password: "abc",
      confirm: "abc",
      title: "Password too short",
      errors: { password: SHORT },
    },
  ])("reports $problem", ({ password, confirm, title, errors }) => {
    const description = Object.values(errors)[0];
    expect(validateResetForm(password, confirm)).toEqual({ ok: false, toast: { title, description }, errors });
  });

  it("shows both problems inline and toasts the mismatch first", () => {
    const result = validateResetForm("abc", "abd");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.toast.title).toBe("Passwords don't match");
    expect(result.errors).toEqual({
      password: "Password must be at least 6 characters long.",
      confirmPassword: "Please make sure both passwords are identical.",
    });
  });

  it("treats empty entries as too short", () => {
    const result = validateResetForm("", "");
    expect(result.ok === false && result.toast.title).toBe("Password too short");
  });

  it("refuses more than 128 characters", () => {
    const long = "x".repeat(129);
    const result = validateResetForm(long, long);
    expect(result.ok === false && result.errors.password).toBe("Password must be at most 128 characters long.");
    expect(validateResetForm("x".repeat(128), "x".repeat(128)).ok).toBe(true);
  });
});

describe("isInvalidTokenError", () => {
  it("recognises the server's invalid-token answers", () => {
    expect(isInvalidTokenError(new ApiRequestError(400, "INVALID_TOKEN", "Invalid token"))).toBe(true);
    expect(isInvalidTokenError(new ApiRequestError(400, "auth_error", "Reset token has expired"))).toBe(true);
  });

  it("leaves other failures alone", () => {
    expect(isInvalidTokenError(new ApiRequestError(400, "PASSWORD_TOO_SHORT", "Password too short"))).toBe(false);
    expect(isInvalidTokenError(new ApiRequestError(500))).toBe(false);
    expect(isInvalidTokenError(new Error("Invalid token"))).toBe(false);
  });
});
