import type { Credential } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { mailboxChange } from "./mailbox-body";

const form = (values: Record<string, string>) => (name: string) => values[name] ?? "";
const saved = { id: "c1", name: "vault", mailbox: { host: "imap.example.com" } } as unknown as Credential;

describe("the credential dialog's mailbox fields", () => {
  it("sends a whole mailbox when a host and password are typed, with the server's defaults left out", () => {
    const typed = form({
      mailbox_host: " imap.example.com ",
      mailbox_tls: "on",
      mailbox_user: "me@example.com",
      mailbox_password: "app-pw",
    });
    expect(mailboxChange(typed, null, false)).toEqual({
      mailbox: { host: "imap.example.com", tls: true, user: "me@example.com", password: "app-pw", from: null },
    });
    const full = form({
      mailbox_host: "127.0.0.1",
      mailbox_port: "1143",
      mailbox_user: "me",
      mailbox_password: "pw",
      mailbox_folder: "Codes",
      mailbox_from: "no-reply@x.test",
    });
    expect(mailboxChange(full, null, false).mailbox).toMatchObject({ port: 1143, tls: false, folder: "Codes", from: "no-reply@x.test" });
  });

  it("sends nothing for a new credential without a host, keeps a saved mailbox when its password is blank, and removes it when asked", () => {
    expect(mailboxChange(form({ mailbox_tls: "on" }), null, false)).toEqual({});
    expect(mailboxChange(form({ mailbox_host: "imap.example.com", mailbox_tls: "on" }), saved, false)).toEqual({});
    expect(mailboxChange(form({ mailbox_password: "pw" }), saved, true)).toEqual({ mailbox: null });
  });
});
