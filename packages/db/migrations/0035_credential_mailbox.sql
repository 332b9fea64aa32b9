-- Codes and links that arrive by e-mail (docs/adr/0053-mailbox-codes-and-playwright-export.md): a
-- credential may name the IMAP mailbox they arrive in, sealed whole like its other values.
ALTER TABLE "credentials" ADD COLUMN "mailbox_ciphertext" text;
