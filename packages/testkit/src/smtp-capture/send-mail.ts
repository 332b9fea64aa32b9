import { connect } from "node:net";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Sent as the message's HTML alternative (multipart/alternative with the text). */
  html?: string;
}

/**
 * Sends one message over plain SMTP (RFC 5321: EHLO, MAIL, RCPT, DATA, QUIT), as a site's mail
 * server would: how fixture pages mail their own sign-in links and codes to the test SMTP capture.
 * Written here rather than taking nodemailer, which testkit keeps for its tests only.
 */
export async function sendMail(server: { host: string; port: number }, mail: OutgoingMail): Promise<void> {
  const socket = connect(server.port, server.host);
  socket.setEncoding("utf8");
  let buffer = "";
  const waiting: ((line: string) => void)[] = [];
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    // A reply ends on a line whose code is followed by a space (RFC 5321, 4.2).
    for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (/^\d{3} /.test(line)) waiting.shift()?.(line);
    }
  });
  const failed = new Promise<never>((_, reject) => {
    socket.once("error", reject);
    socket.once("close", () => reject(new Error("the SMTP server closed the connection")));
  });
  const reply = (expected: string) =>
    Promise.race([new Promise<string>((resolve) => waiting.push(resolve)), failed]).then((line) => {
      if (!line.startsWith(expected)) throw new Error(`SMTP: expected ${expected}, got ${line}`);
    });
  const say = (line: string, expected: string) => {
    const answered = reply(expected);
    socket.write(`${line}\r\n`);
    return answered;
  };
  try {
    await reply("220");
    await say("EHLO fixture-sites.test", "250");
    await say(`MAIL FROM:<${bareAddress(mail.from)}>`, "250");
    await say(`RCPT TO:<${bareAddress(mail.to)}>`, "250");
    await say("DATA", "354");
    await say(`${messageSource(mail).replace(/^\./gm, "..")}\r\n.`, "250");
    await say("QUIT", "221").catch(() => undefined);
  } finally {
    failed.catch(() => undefined);
    socket.destroy();
  }
}

const bareAddress = (address: string) => /<([^>]+)>/.exec(address)?.[1] ?? address.trim();

function messageSource(mail: OutgoingMail): string {
  const headers = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
  ];
  const lines = (text: string) => text.replace(/\r?\n/g, "\r\n");
  if (!mail.html) return [...headers, "Content-Type: text/plain; charset=utf-8", "", lines(mail.text)].join("\r\n");
  const boundary = `fixture-${Date.now().toString(36)}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    lines(mail.text),
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "",
    lines(mail.html),
    `--${boundary}--`,
  ].join("\r\n");
}
