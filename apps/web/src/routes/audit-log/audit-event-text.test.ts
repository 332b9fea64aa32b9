import type { AuditEvent } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { actorText, eventText } from "./audit-event-text";

const event = (over: Partial<AuditEvent> = {}): AuditEvent => ({
  id: "e",
  at: "2026-11-28T10:00:00.000Z",
  action: "member.invited",
  actor: { user_id: "u", email: "grace@example.com", via: "session", api_key_id: null },
  ip: "203.0.113.5",
  target: { type: "invitation", id: "i", label: "ada@example.com" },
  details: {},
  ...over,
});

describe("audit event text", () => {
  it("says what happened and to what", () => {
    expect(eventText(event())).toBe("Member invited: ada@example.com");
    expect(eventText(event({ action: "limits.changed", target: { type: "workspace", id: null, label: null } }))).toBe("Limits changed");
  });

  it("says who, and how they came in when it was not the web app", () => {
    expect(actorText(event())).toBe("grace@example.com");
    expect(actorText(event({ actor: { user_id: "u", email: "grace@example.com", via: "api-key", api_key_id: "k" } }))).toBe(
      "grace@example.com (API key)",
    );
    expect(actorText(event({ actor: { user_id: "u", email: "grace@example.com", via: "run", api_key_id: null } }))).toBe(
      "grace@example.com (a run)",
    );
    expect(actorText(event({ actor: { user_id: null, email: null, via: "session", api_key_id: null } }))).toBe("A deleted account");
  });
});
