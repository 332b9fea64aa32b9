import { describe, expect, it } from "vitest";
import { MASKED, secretMasker } from "./secret-masker.ts";

describe("a run's secret masker", () => {
  const mask = secretMasker({
    credentials: [
      { name: "shop", domains: ["shop.test"], username: "ann@shop.test", password: "p@ss word&1", totp_secret: "JBSWY3DPEHPK3PXP" },
    ],
    login: {
      state: {
        cookies: [
          {
            name: "sid",
            value: "sess-123456",
            domain: "shop.test",
            path: "/",
            expires: -1,
            httpOnly: true,
            secure: false,
            sameSite: "Lax",
          },
        ],
        origins: [{ origin: "https://shop.test", localStorage: [{ name: "token", value: "tok-abcdef" }] }],
      },
    },
  });

  it("masks every value the run knows, as written, URL-encoded and form-encoded", () => {
    const text = [
      "https://shop.test/login?user=ann%40shop.test&pw=p%40ss%20word%261",
      "pw=p%40ss+word%261",
      "echo: p@ss word&1 sess-123456 tok-abcdef JBSWY3DPEHPK3PXP",
    ].join("\n");
    const masked = mask(text);
    for (const secret of [
      "p@ss word&1",
      "p%40ss%20word%261",
      "p%40ss+word%261",
      "ann%40shop.test",
      "sess-123456",
      "tok-abcdef",
      "JBSWY3DPEHPK3PXP",
    ])
      expect(masked).not.toContain(secret);
    expect(masked).toContain(`https://shop.test/login?user=${MASKED}&pw=${MASKED}`);
  });

  it("leaves text alone when the run knows no secret, and values too short to mask", () => {
    expect(secretMasker({})("https://shop.test/?q=1")).toBe("https://shop.test/?q=1");
    const short = secretMasker({ credentials: [{ name: "x", domains: [], username: "ab", password: "abc" }] });
    expect(short("abc ab")).toBe("abc ab");
  });
});
