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

/**
 * The server side of RFC 5321 on one connection, as much as nodemailer needs: EHLO/HELO, MAIL,
 * RCPT, DATA, RSET, NOOP, VRFY, QUIT. No STARTTLS and no AUTH are offered. Several messages may
 * be sent on one connection; pipelined commands are answered in order.
 */
export function serveSmtpSession(socket: Socket, hostname: string, sink: MessageSink): void {
  let greeted = false;
  let from: string | undefined;
  let to: string[] = [];
  let mode: "command" | "data" = "command";
  let buffer: Buffer = Buffer.alloc(0);
  let searchFrom = 0;
  let tooBig = false;

  const reply = (...lines: string[]) => {
    if (socket.writable) socket.write(`${lines.join("\r\n")}\r\n`);
  };
  const resetTransaction = () => {
    from = undefined;
    to = [];
  };

  socket.on("error", () => {}); // a client vanishing mid-session is not our failure
  socket.on("data", (chunk: Buffer) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    while (!socket.destroyed) {
      if (mode === "data") {
        // The buffer starts with the CRLF that ended the DATA line, so an empty message is found too.
        const end = buffer.indexOf(TERMINATOR, searchFrom, "latin1");
        if (end < 0) {
          if (buffer.length > SMTP_MAX_SIZE + 2) {
            tooBig = true;
            buffer = buffer.subarray(buffer.length - TERMINATOR.length + 1);
          }
          searchFrom = Math.max(0, buffer.length - TERMINATOR.length + 1);
          return;
        }
        const message = buffer.subarray(2, end + 2);
        buffer = buffer.subarray(end + TERMINATOR.length);
        mode = "command";
        finishData(message);
        continue;
      }
      const newline = buffer.indexOf("\n");
      if (newline < 0) {
        if (buffer.length > MAX_COMMAND_LINE) {
          buffer = Buffer.alloc(0);
          reply("500 5.5.2 Error: line too long");
        }
        return;
      }
      const line = buffer.subarray(0, newline).toString("utf8").replace(/\r$/, "");
      buffer = buffer.subarray(newline + 1);
      command(line);
    }
  });

  function finishData(message: Buffer): void {
    const envelope = { from: from ?? "", to };
    resetTransaction();
    if (tooBig) {
      tooBig = false;
      return reply("552 5.3.4 Error: message file too big");
    }
    // RFC 5321 §4.5.2: a leading period on any line was added by the client; remove it.
    const data = Buffer.from(message.toString("latin1").replace(/(^|\r\n)\./g, "$1"), "latin1");
    try {
      reply(`250 2.0.0 Ok: queued as ${sink({ ...envelope, data })}`);
    } catch (error) {
      reply(`451 4.3.0 Error: smtp capture could not take the message: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function command(line: string): void {
    const verb = (/^\S*/.exec(line)?.[0] ?? "").toUpperCase();
    const arg = line.slice(verb.length).trim();
    switch (verb) {
      case "EHLO":
        if (arg === "") return reply("501 5.5.4 Syntax: EHLO hostname");
        greeted = true;
        resetTransaction();
        return reply(`250-${hostname} Hello ${arg}`, `250-SIZE ${SMTP_MAX_SIZE}`, "250-8BITMIME", "250 SMTPUTF8");
      case "HELO":
        if (arg === "") return reply("501 5.5.4 Syntax: HELO hostname");
        greeted = true;
        resetTransaction();
        return reply(`250 ${hostname} Hello ${arg}`);
      case "MAIL": {
        if (!greeted) return reply("503 5.5.1 Error: send HELO/EHLO first");
        if (from !== undefined) return reply("503 5.5.1 Error: nested MAIL command");
        const match = /^FROM:\s*<([^>]*)>(.*)$/i.exec(arg);
        if (!match) return reply("501 5.5.4 Syntax: MAIL FROM:<address>");
        const size = /\bSIZE=(\d+)/i.exec(match[2] ?? "");
        if (size && Number(size[1]) > SMTP_MAX_SIZE) return reply("552 5.3.4 Error: message file too big");
        from = match[1] ?? "";
        return reply("250 2.1.0 Ok");
      }
      case "RCPT": {
        if (from === undefined) return reply("503 5.5.1 Error: need MAIL command");
        const match = /^TO:\s*<([^>]+)>/i.exec(arg);
        if (!match) return reply("501 5.5.4 Syntax: RCPT TO:<address>");
        to.push(match[1] ?? "");
        return reply("250 2.1.5 Ok");
      }
      case "DATA":
        if (from === undefined) return reply("503 5.5.1 Error: need MAIL command");
        if (to.length === 0) return reply("503 5.5.1 Error: need RCPT command");
        mode = "data";
        buffer = Buffer.concat([Buffer.from("\r\n"), buffer]);
        searchFrom = 0;
        return reply("354 End data with <CR><LF>.<CR><LF>");
      case "RSET":
        resetTransaction();
        return reply("250 2.0.0 Ok");
      case "NOOP":
        return reply("250 2.0.0 Ok");
      case "VRFY":
        return reply("252 2.0.0 Cannot VRFY user, but will accept message and attempt delivery");
      case "QUIT":
        reply("221 2.0.0 Bye");
        socket.end();
        buffer = Buffer.alloc(0);
        return;
      default:
        return reply("500 5.5.2 Error: command not recognized");
    }
  }

  reply(`220 ${hostname} ESMTP Errand SMTP capture`);
}
