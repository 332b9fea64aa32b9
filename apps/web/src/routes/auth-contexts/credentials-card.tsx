import { MAILBOX_DEFAULT_PORT, type Mailbox } from "@errand/contract";
import { LockKeyhole } from "lucide-react";
import { credentialsQueryOptions, deleteCredential } from "../../api/credentials";
import { CollectionCard } from "../../components/layout/collection-card";
import { Badge } from "../../components/ui/badge";
import { CredentialDialog } from "./credential-dialog";
import { RowActions } from "./row-actions";

/**
 * The credential vault (docs/architecture.md, "The credential vault"): site logins the agent types
 * by placeholder, with a TOTP secret for two-step sign-ins and a mailbox for e-mailed codes. Values
 * are written here and never shown again.
 */
export function CredentialsCard() {
  return (
    <CollectionCard
      headingId="credentials-heading"
      icon={<LockKeyhole className="size-5 text-primary" aria-hidden="true" />}
      title="Credentials"
      description="Usernames, passwords and two-step codes the agent may type on the sites you allow. They are encrypted, never shown again, and never sent to the AI model."
      noun={{ one: "credential", many: "credentials" }}
      changes={{ operation: "run", what: "add and change credentials" }}
      query={credentialsQueryOptions}
      skeleton={{ rows: 2, className: "h-16 w-full" }}
      empty={
        <>
          No credentials yet. Add a site&apos;s username and password (and its authenticator key for two-step sign-in), then choose it in a
          task&apos;s Advanced Parameters: the agent types it without ever seeing it.
        </>
      }
      row={(credential, actions) => (
        <li key={credential.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
          <div className="grid min-w-0 flex-1 basis-48 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-medium break-all">{credential.name}</span>
              {credential.has_totp ? <Badge tone="outline">Two-step code</Badge> : null}
              {credential.mailbox ? <Badge tone="outline">E-mailed codes</Badge> : null}
            </div>
            <span className="text-sm wrap-anywhere text-muted-foreground">
              {credential.username_hint} on {credential.domains.join(", ")}
            </span>
            {credential.mailbox ? <MailboxLine mailbox={credential.mailbox} /> : null}
          </div>
          <RowActions name={credential.name} actions={actions} />
        </li>
      )}
      deletion={{
        describe: (credential) => (
          <>The credential &ldquo;{credential.name}&rdquo; will be deleted. Tasks that use it will run without it. This cannot be undone.</>
        ),
        request: (credential) => deleteCredential(credential.id),
      }}
      editor={(existing, onClose) => <CredentialDialog existing={existing} onClose={onClose} />}
    />
  );
}

/**
 * Where a credential's e-mailed codes and links are read (docs/adr/0053-*): the server and the
 * masked login the API answers, never the password; the port only when it is not IMAP over TLS's.
 */
function MailboxLine({ mailbox }: { mailbox: Mailbox }) {
  const port = mailbox.port === MAILBOX_DEFAULT_PORT ? "" : `:${mailbox.port}`;
  return (
    // Broken at a space first (the login on a line of its own at 360 px), mid-name only when a name is longer than the line.
    <span className="text-sm wrap-anywhere text-muted-foreground">
      Mailbox: {mailbox.host}
      {port} ({mailbox.user_hint})
    </span>
  );
}
