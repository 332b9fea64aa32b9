import { describe, expect, it } from "vitest";
import { codeInMessage, linkInMessage, type MailMessage } from "./mail-code.ts";

const mail = (text: string, extra: Partial<MailMessage> = {}): MailMessage => ({ subject: "Sign in to Acme", text, html: null, ...extra });

describe("the code of a sign-in e-mail", () => {
  it("is the token after the words that name it, not a year, a count or an order number before them", () => {
    expect(codeInMessage(mail("Order 55123 ships in 2026. Your verification code is 482913. It expires in 10 minutes."))).toBe("482913");
    expect(codeInMessage(mail("Use this one-time passcode: 123 456"))).toBe("123456");
    expect(codeInMessage(mail("Votre code : 7F3K9Q"))).toBe("7F3K9Q");
    expect(codeInMessage(mail("", { subject: "Your Acme code is 90210" }))).toBe("90210");
    expect(codeInMessage(mail("Security code for 2026: 3344"))).toBe("3344");
  });

  it("is the one six-digit number of a message that names no code, and nothing when it cannot be told apart", () => {
    expect(codeInMessage(mail("Welcome back! 615243 gets you in."))).toBe("615243");
    expect(codeInMessage(mail("Invoice 123456, customer 654321."))).toBeNull();
    expect(codeInMessage(mail("Thanks for signing up."))).toBeNull();
  });
});

describe("the link of a sign-in e-mail", () => {
  it("is the link whose text or address says it signs in, never an unsubscribe or help link", () => {
    const html =
      '<p><a href="https://acme.test/help">Help</a> <a href="https://acme.test/magic?token=a1&amp;u=2">Sign in to Acme</a> ' +
      '<a href="https://acme.test/unsubscribe?u=2">Unsubscribe</a></p>';
    expect(linkInMessage(mail("", { html }))).toBe("https://acme.test/magic?token=a1&u=2");
    expect(linkInMessage(mail("Open https://acme.test/auth/verify?t=xyz to continue. Unsubscribe: https://acme.test/unsubscribe"))).toBe(
      "https://acme.test/auth/verify?t=xyz",
    );
  });

  it("is the only link of a message whose words say nothing, and nothing among links that do not sign in", () => {
    expect(linkInMessage(mail("Click https://acme.test/l/8f2a."))).toBe("https://acme.test/l/8f2a");
    expect(linkInMessage(mail("See https://acme.test/a and https://acme.test/b"))).toBeNull();
    expect(linkInMessage(mail("Manage https://acme.test/preferences"))).toBeNull();
  });
});
