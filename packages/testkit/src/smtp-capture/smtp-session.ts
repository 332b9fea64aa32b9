import type { Socket } from "node:net";

export const SMTP_MAX_SIZE = 10 * 1024 * 1024;
// RFC 5321 allows 512 octets per command line; be lenient, but not unbounded.
const MAX_COMMAND_LINE = 4096;
const TERMINATOR = "\r\n.\r\n";

export interface Envelope {
  from: string;
  to: string[];
  /** The message after DATA, dot-stuffing undone, ending with CRLF. */
  data: Buffer;
}

/** Accepts a message and returns its queue id; a thrown error is answered with a 451. */
export type MessageSink = (envelope: Envelope) => string;

/** One connection's state: the transaction under way and the bytes not read yet. */
interface Session {
  socket: Socket;
  hostname: string;
  sink: MessageSink;
  greeted: boolean;
  from: string | undefined;
  to: string[];
  mode: "command" | "data";
  buffer: Buffer;
  /** Where to look for the end of the message next (the part before cannot hold it). */
  searchFrom: number;
  tooBig: boolean;
}

/**
 * The server side of RFC 5321 on one connection, as much as nodemailer needs: EHLO/HELO, MAIL,
 * RCPT, DATA, RSET, NOOP, VRFY, QUIT. No STARTTLS and no AUTH are offered. Several messages may
 * be sent on one connection; pipelined commands are answered in order.
 */
export function serveSmtpSession(socket: Socket, hostname: string, sink: MessageSink): void {
  const session: Session = {
    socket,
    hostname,
    sink,
    greeted: false,
    from: undefined,
    to: [],
    mode: "command",
    buffer: Buffer.alloc(0),
    searchFrom: 0,
    tooBig: false,
  };
  socket.on("error", () => {}); // a client vanishing mid-session is not our failure
  socket.on("data", (chunk: Buffer) => {
    session.buffer = session.buffer.length === 0 ? chunk : Buffer.concat([session.buffer, chunk]);
    while (!socket.destroyed && (session.mode === "data" ? takeMessage(session) : takeCommand(session)));
  });
  reply(session, `220 ${hostname} ESMTP Errand SMTP capture`);
}

function reply(session: Session, ...lines: string[]) {
  if (session.socket.writable) session.socket.write(`${lines.join("\r\n")}\r\n`);
}

function resetTransaction(session: Session) {
  session.from = undefined;
  session.to = [];
}

/** The message after DATA, once its terminating line has arrived; false while more is needed. */
function takeMessage(session: Session): boolean {
  // The buffer starts with the CRLF that ended the DATA line, so an empty message is found too.
  const end = session.buffer.indexOf(TERMINATOR, session.searchFrom, "latin1");
  if (end < 0) {
    if (session.buffer.length > SMTP_MAX_SIZE + 2) {
      session.tooBig = true;
      session.buffer = session.buffer.subarray(session.buffer.length - TERMINATOR.length + 1);
    }
    session.searchFrom = Math.max(0, session.buffer.length - TERMINATOR.length + 1);
    return false;
  }
  const message = session.buffer.subarray(2, end + 2);
  session.buffer = session.buffer.subarray(end + TERMINATOR.length);
  session.mode = "command";
  finishData(session, message);
  return true;
}

/** One command line, once it has arrived whole; false while more is needed. */
function takeCommand(session: Session): boolean {
  const newline = session.buffer.indexOf("\n");
  if (newline < 0) {
    if (session.buffer.length > MAX_COMMAND_LINE) {
      session.buffer = Buffer.alloc(0);
      reply(session, "500 5.5.2 Error: line too long");
    }
    return false;
  }
  const line = session.buffer.subarray(0, newline).toString("utf8").replace(/\r$/, "");
  session.buffer = session.buffer.subarray(newline + 1);
  command(session, line);
  return true;
}

function finishData(session: Session, message: Buffer): void {
  const envelope = { from: session.from ?? "", to: session.to };
  resetTransaction(session);
  if (session.tooBig) {
    session.tooBig = false;
    return reply(session, "552 5.3.4 Error: message file too big");
  }
  // RFC 5321 §4.5.2: a leading period on any line was added by the client; remove it.
  const data = Buffer.from(message.toString("latin1").replace(/(^|\r\n)\./g, "$1"), "latin1");
  try {
    reply(session, `250 2.0.0 Ok: queued as ${session.sink({ ...envelope, data })}`);
  } catch (error) {
    reply(session, `451 4.3.0 Error: smtp capture could not take the message: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function command(session: Session, line: string): void {
  const verb = (/^\S*/.exec(line)?.[0] ?? "").toUpperCase();
  const arg = line.slice(verb.length).trim();
  const say = (...lines: string[]) => reply(session, ...lines);
  switch (verb) {
    case "EHLO":
    case "HELO":
      if (arg === "") return say(`501 5.5.4 Syntax: ${verb} hostname`);
      session.greeted = true;
      resetTransaction(session);
      if (verb === "HELO") return say(`250 ${session.hostname} Hello ${arg}`);
      return say(`250-${session.hostname} Hello ${arg}`, `250-SIZE ${SMTP_MAX_SIZE}`, "250-8BITMIME", "250 SMTPUTF8");
    case "MAIL": {
      if (!session.greeted) return say("503 5.5.1 Error: send HELO/EHLO first");
      if (session.from !== undefined) return say("503 5.5.1 Error: nested MAIL command");
      const match = /^FROM:\s*<([^>]*)>(.*)$/i.exec(arg);
      if (!match) return say("501 5.5.4 Syntax: MAIL FROM:<address>");
      const size = /\bSIZE=(\d+)/i.exec(match[2] ?? "");
      if (size && Number(size[1]) > SMTP_MAX_SIZE) return say("552 5.3.4 Error: message file too big");
      session.from = match[1] ?? "";
      return say("250 2.1.0 Ok");
    }
    case "RCPT": {
      if (session.from === undefined) return say("503 5.5.1 Error: need MAIL command");
      const match = /^TO:\s*<([^>]+)>/i.exec(arg);
      if (!match) return say("501 5.5.4 Syntax: RCPT TO:<address>");
      session.to.push(match[1] ?? "");
      return say("250 2.1.5 Ok");
    }
    case "DATA":
      if (session.from === undefined) return say("503 5.5.1 Error: need MAIL command");
      if (session.to.length === 0) return say("503 5.5.1 Error: need RCPT command");
      session.mode = "data";
      session.buffer = Buffer.concat([Buffer.from("\r\n"), session.buffer]);
      session.searchFrom = 0;
      return say("354 End data with <CR><LF>.<CR><LF>");
    case "RSET":
      resetTransaction(session);
      return say("250 2.0.0 Ok");
    case "NOOP":
      return say("250 2.0.0 Ok");
    case "VRFY":
      return say("252 2.0.0 Cannot VRFY user, but will accept message and attempt delivery");
    case "QUIT":
      say("221 2.0.0 Bye");
      session.socket.end();
      session.buffer = Buffer.alloc(0);
      return;
    default:
      return say("500 5.5.2 Error: command not recognized");
  }
}
