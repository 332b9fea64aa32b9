import { describe, expect, it } from "vitest";
import { RETENTION_DAYS_MESSAGE, workspaceRunSettings, workspaceRunSettingsBody } from "./workspace-run-settings";

describe("the workspace's run settings form", () => {
  it("shows the workspace's values, empty for no limit", () => {
    expect(workspaceRunSettings({ default_allowed_domains: ["example.com", "*.shop.test"], recording_retention_days: 30 })).toEqual({
      allowedDomains: "example.com, *.shop.test",
      retentionDays: "30",
    });
    expect(workspaceRunSettings({ default_allowed_domains: null, recording_retention_days: null })).toEqual({
      allowedDomains: "",
      retentionDays: "",
    });
  });

  it("sends the domains as a list and the days as a number; empty fields remove the limits", () => {
    expect(workspaceRunSettingsBody({ allowedDomains: "Example.com,  *.shop.test\nexample.com", retentionDays: " 90 " })).toEqual({
      body: { default_allowed_domains: ["example.com", "*.shop.test"], recording_retention_days: 90 },
    });
    expect(workspaceRunSettingsBody({ allowedDomains: " ", retentionDays: "" })).toEqual({
      body: { default_allowed_domains: null, recording_retention_days: null },
    });
  });

  it("refuses days outside 1 to 3650 or not whole, and an entry that is not a domain, each at its field", () => {
    for (const days of ["0", "3651", "1.5", "-3", "ten"]) {
      expect(workspaceRunSettingsBody({ allowedDomains: "", retentionDays: days })).toEqual({
        errors: { recording_retention_days: RETENTION_DAYS_MESSAGE },
      });
    }
    expect(RETENTION_DAYS_MESSAGE).toBe(
      "Give a whole number of days from 1 to 3650, or leave it empty to keep recordings as long as their runs.",
    );
    const refused = workspaceRunSettingsBody({ allowedDomains: "example.com, https://shop.test/cart", retentionDays: "7" });
    expect(refused.errors?.default_allowed_domains).toMatch(/is not a domain; give a host name such as example\.com/);
    expect(refused.errors?.recording_retention_days).toBeUndefined();
  });
});
