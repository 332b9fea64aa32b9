import { describe, expect, it } from "vitest";
import { decodeEncodedWords, decodeQuotedPrintable, parseParameterized } from "./mime-decoding.ts";
import { parseMessage } from "./parse-mime.ts";

const crlf = (lines: string[]) => Buffer.from(lines.join("\r\n") + "\r\n", "utf8");

describe("parseMessage", () => {
  it("unfolds headers and decodes base64, latin-1 and nested multiparts", () => {
    const message = Buffer.concat([
      crlf([
        "Subject: =?ISO-8859-1?Q?Caf=E9?= et =?UTF-8?B?dGjDqQ==?=",
        "X-Long: first part",
        "\tsecond part",
        'Content-Type: multipart/mixed; boundary="outer"',
        "",
        "preamble is ignored",
        "--outer",
        "Content-Type: multipart/related; boundary=inner",
        "",
        "--inner",
        "Content-Type: text/html; charset=utf-8",
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from('<p>Ünïcode</p>\n<img src="cid:logo">').toString("base64"),
        "--inner",
        "Content-Type: image/png",
        "Content-ID: <logo>",
        "Content-Transfer-Encoding: base64",
        "",
        "iVBORw0KGgo=",
        "--inner--",
        "--outer",
        "Content-Type: text/plain; charset=iso-8859-1",
        "Content-Transfer-Encoding: 8bit",
        "",
      ]),
      Buffer.from("Prix : 12 £ à payer, déjà", "latin1"), // raw 8bit bytes, not utf-8
      crlf(["", "--outer--", "epilogue"]),
    ]);
    const parsed = parseMessage(message);
    expect(parsed.subject).toBe("Café et thé");
    expect(parsed.headers["x-long"]).toBe("first part\tsecond part");
    expect(parsed.html).toBe('<p>Ünïcode</p>\n<img src="cid:logo">');
    expect(parsed.text).toBe("Prix : 12 £ à payer, déjà");
    expect(parsed.attachments).toEqual([
      { filename: undefined, contentType: "image/png", contentId: "logo", content: Buffer.from("iVBORw0KGgo=", "base64") },
    ]);
  });

  it("reads a message without MIME headers as us-ascii text", () => {
    const parsed = parseMessage(crlf(["Subject: plain", "", "line one", "line two"]));
    expect(parsed).toMatchObject({ subject: "plain", text: "line one\nline two", html: undefined, attachments: [] });
  });
});

describe("MIME decoders", () => {
  it("decodes quoted-printable soft breaks, escapes and transport padding", () => {
    expect(decodeQuotedPrintable("a=3Db&c=\r\nd  \r\ne=C3=A9").toString("utf8")).toBe("a=b&cd\r\neé");
  });

  it("joins adjacent encoded words and keeps plain text between them", () => {
    expect(decodeEncodedWords("=?UTF-8?Q?=E2=98?= =?UTF-8?Q?=95?= plain =?utf-8?b?w6k=?=")).toBe("☕ plain é");
    expect(decodeEncodedWords("no words here")).toBe("no words here");
  });

  it("parses parameters with quotes and RFC 2231 continuations", () => {
    expect(parseParameterized('Text/HTML; Charset="utf-8"; name="a;b.txt"')).toEqual({
      value: "text/html",
      params: { charset: "utf-8", name: "a;b.txt" },
    });
    expect(parseParameterized("attachment; filename*0*=utf-8''%C3%A9t; filename*1*=%C3%A9.txt").params.filename).toBe("été.txt");
  });
});
