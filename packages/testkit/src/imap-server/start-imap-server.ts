import { createServer, type Socket } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import type { CapturedMail, SmtpCapture } from "../smtp-capture/types.ts";
import { internalDate, parseSearchDate, parseSequenceSet, parseWords, quoted, type ImapWord } from "./imap-commands.ts";

export interface ImapServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

export interface ImapServerOptions {
  /** Where messages come from: what the capture received, delivered through real SMTP. */
  smtp: SmtpCapture;
  /** Logins and passwords; each user's INBOX holds the captured messages sent to that address. */
  accounts: Record<string, string>;
  /** Implicit TLS (as on port 993) with this key and certificate (`selfSignedCertificate()`); plain text without. */
  tls?: { key: string; cert: string };
}

/**
 * A small IMAP4rev1 server on loopback, plain text or implicit TLS, for tests of code that reads a
 * mailbox (docs/adr/0053-mailbox-codes-and-playwright-export.md). It speaks the real protocol for
 * CAPABILITY, LOGIN, LIST, SELECT/EXAMINE, SEARCH (ALL, SINCE, FROM, UID), FETCH (UID, FLAGS,
 * INTERNALDATE, RFC822.SIZE, BODY[]), their UID forms, NOOP, CLOSE and LOGOUT; the only folder is
 * INBOX, read-only, and a UID is a message's place in it.
 */
export async function startImapServer({ smtp, accounts, tls }: ImapServerOptions): Promise<ImapServer> {
  const sockets = new Set<Socket>();
  const serve = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    serveConnection(socket, smtp, accounts);
  };
  const server = tls ? createTlsServer({ key: tls.key, cert: tls.cert }, serve) : createServer(serve);
  // A client that refuses the certificate ends the handshake: nothing to serve.
  server.on("tlsClientError", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the IMAP server has no port");
  return {
    host: "127.0.0.1",
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Session {
  user: string | null;
  selected: boolean;
  known: number;
}

function serveConnection(socket: Socket, smtp: SmtpCapture, accounts: Record<string, string>): void {
  const session: Session = { user: null, selected: false, known: 0 };
  const inbox = () => smtp.messages().filter((m) => m.to.some((to) => to.toLowerCase() === session.user));
  let buffer = Buffer.alloc(0);
  let pending = "";
  let literal = 0;
  socket.write("* OK [CAPABILITY IMAP4rev1] Errand test IMAP ready\r\n");
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (literal > 0) {
        if (buffer.length < literal) return;
        pending += `"${buffer
          .subarray(0, literal)
          .toString("utf8")
          .replace(/[\\"]/g, (c) => `\\${c}`)}"`;
        buffer = buffer.subarray(literal);
        literal = 0;
      }
      const end = buffer.indexOf("\r\n");
      if (end < 0) return;
      const line = pending + buffer.subarray(0, end).toString("utf8");
      buffer = buffer.subarray(end + 2);
      const announced = /\{(\d+)\+?\}$/.exec(line);
      if (announced) {
        // A literal follows (RFC 3501, 4.3): ask for it, then read it as one quoted word.
        pending = line.slice(0, announced.index);
        literal = Number(announced[1]);
        socket.write("+ go ahead\r\n");
        continue;
      }
      pending = "";
      socket.write(answer(line, session, accounts, inbox));
      if (/^\S+ LOGOUT$/i.test(line)) socket.end();
    }
  });
}

function answer(line: string, session: Session, accounts: Record<string, string>, inbox: () => CapturedMail[]): string {
  const [tag = "*", rawCommand = "", ...args] = parseWords(line);
  let command = String(rawCommand).toUpperCase();
  let byUid = false;
  if (command === "UID") {
    byUid = true;
    command = String(args.shift() ?? "").toUpperCase();
  }
  const ok = (untagged: string[], text = `${command} completed`) => [...untagged, `${tag} OK ${text}`].join("\r\n") + "\r\n";
  const newMail = (): string[] => {
    const count = inbox().length;
    if (!session.selected || count === session.known) return [];
    session.known = count;
    return [`* ${count} EXISTS`];
  };
  switch (command) {
    case "CAPABILITY":
      return ok(["* CAPABILITY IMAP4rev1"]);
    case "NOOP":
    case "CHECK":
      return ok(newMail());
    case "LOGOUT":
      return ok(["* BYE logging out"]);
    case "LOGIN": {
      const [user = "", password = ""] = args.map(String);
      if (accounts[user] === undefined || accounts[user] !== password) return `${tag} NO [AUTHENTICATIONFAILED] Invalid credentials\r\n`;
      session.user = user.toLowerCase();
      return ok([], "[CAPABILITY IMAP4rev1] LOGIN completed");
    }
  }
  if (!session.user) return `${tag} BAD log in first\r\n`;
  switch (command) {
    case "LIST":
    case "LSUB":
      return ok(args[1] === "" ? [`* ${command} (\\Noselect) "/" ""`] : [`* ${command} (\\HasNoChildren) "/" INBOX`]);
    case "SELECT":
    case "EXAMINE": {
      if (String(args[0]).toUpperCase() !== "INBOX") return `${tag} NO [NONEXISTENT] No such folder\r\n`;
      const count = inbox().length;
      Object.assign(session, { selected: true, known: count });
      return ok(
        [
          `* ${count} EXISTS`,
          "* 0 RECENT",
          "* FLAGS (\\Seen)",
          "* OK [PERMANENTFLAGS ()] read-only",
          "* OK [UIDVALIDITY 1]",
          `* OK [UIDNEXT ${count + 1}]`,
        ],
        `[READ-ONLY] ${command} completed`,
      );
    }
    case "CLOSE":
      session.selected = false;
      return ok([]);
  }
  if (!session.selected) return `${tag} BAD select a folder first\r\n`;
  const messages = inbox();
  if (command === "SEARCH") {
    const found = search(messages, args);
    return ok([...newMail(), `* SEARCH${found.map((n) => ` ${n}`).join("")}`]);
  }
  if (command === "FETCH") {
    const wanted = parseSequenceSet(String(args[0]), messages.length);
    const items = (Array.isArray(args[1]) ? args[1] : [args[1]]).map((w) => String(w).toUpperCase());
    const lines = messages.flatMap((mail, i) => (wanted.has(i + 1) ? [fetchLine(mail, i + 1, items, byUid)] : []));
    return ok([...newMail(), ...lines]);
  }
  return `${tag} BAD ${command} is not supported here\r\n`;
}

/** The numbers (place in INBOX, which is also the UID) of the messages matching every criterion. */
function search(messages: CapturedMail[], criteria: ImapWord[]): number[] {
  const tests: ((mail: CapturedMail, n: number) => boolean)[] = [];
  for (let i = 0; i < criteria.length; i++) {
    const key = String(criteria[i]).toUpperCase();
    if (key === "SINCE") {
      const day = parseSearchDate(String(criteria[++i]));
      tests.push((mail) => mail.at >= day);
    } else if (key === "FROM") {
      const text = String(criteria[++i]).toLowerCase();
      tests.push((mail) => (mail.headers.from ?? mail.from).toLowerCase().includes(text));
    } else if (key === "UID") {
      const set = String(criteria[++i]);
      tests.push((_mail, n) => parseSequenceSet(set, messages.length).has(n));
    } else if (/^[\d*]/.test(key)) {
      tests.push((_mail, n) => parseSequenceSet(key, messages.length).has(n));
    }
    // ALL and flag criteria match everything: the folder is read-only and nothing is ever flagged.
  }
  return messages.flatMap((mail, i) => (tests.every((test) => test(mail, i + 1)) ? [i + 1] : []));
}

function fetchLine(mail: CapturedMail, n: number, items: string[], byUid: boolean): string {
  const parts: string[] = [];
  if (byUid || items.includes("UID")) parts.push(`UID ${n}`);
  if (items.includes("FLAGS")) parts.push("FLAGS ()");
  if (items.includes("INTERNALDATE")) parts.push(`INTERNALDATE ${quoted(internalDate(mail.at))}`);
  if (items.includes("RFC822.SIZE")) parts.push(`RFC822.SIZE ${Buffer.byteLength(mail.raw)}`);
  if (items.some((item) => item === "BODY[]" || item === "BODY.PEEK[]" || item === "RFC822"))
    parts.push(`BODY[] {${Buffer.byteLength(mail.raw)}}\r\n${mail.raw}`);
  return `* ${n} FETCH (${parts.join(" ")})`;
}
