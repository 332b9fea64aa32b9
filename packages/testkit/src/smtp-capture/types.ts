export interface MailAttachment {
  /** From Content-Disposition's filename or Content-Type's name (RFC 2231 / 2047 decoded). */
  filename: string | undefined;
  contentType: string;
  /** Content-ID without angle brackets (inline images referenced as cid:...). */
  contentId: string | undefined;
  content: Buffer;
}

/** A message as received: the SMTP envelope plus the decoded MIME content. */
export interface CapturedMail {
  /** Envelope sender (MAIL FROM), a bare address; the From header is in `headers.from`. */
  from: string;
  /** Envelope recipients (RCPT TO), bare addresses: To, Cc and Bcc alike. */
  to: string[];
  /** Decoded Subject ("" when absent). */
  subject: string;
  /** The first inline text/plain part, decoded, with "\n" line ends; undefined when there is none. */
  text: string | undefined;
  /** The first inline text/html part, decoded, with "\n" line ends; undefined when there is none. */
  html: string | undefined;
  /** Top-level headers: lowercased names, unfolded, encoded words decoded; repeats joined with ", ". */
  headers: Record<string, string>;
  /** Every other leaf part (attachments, inline images, further text parts). */
  attachments: MailAttachment[];
  /** The message exactly as received after DATA, dot-stuffing undone (utf-8 read). */
  raw: string;
  at: number;
}

export type MailPredicate = (mail: CapturedMail) => boolean;

export interface SmtpCapture {
  /** "smtp://127.0.0.1:PORT", accepted by nodemailer's createTransport as is. */
  url: string;
  host: string;
  port: number;
  /** Messages received so far, oldest first. */
  messages(): CapturedMail[];
  /**
   * Resolves with the first message (already received or arriving later) that matches; `{ to }` matches
   * an envelope recipient, case-insensitively. Rejects after `timeoutMs` (default 5000) or on close().
   */
  waitForMail(match: MailPredicate | { to: string }, timeoutMs?: number): Promise<CapturedMail>;
  /** Forgets the messages received so far. */
  clear(): void;
  close(): Promise<void>;
}
