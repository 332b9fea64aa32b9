import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeStripe, SmtpCapture } from "@errand/testkit";

/**
 * What the e2e specs cannot reach from the browser: the mail the server sent (captured by the
 * SMTP listener) and the fake Stripe's redelivery of a webhook event. Loopback only.
 */
export async function startE2eControl(deps: { smtp: SmtpCapture; stripe: FakeStripe }): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === "GET" && url.pathname === "/mail") {
        const to = url.searchParams.get("to") ?? "";
        const after = Number(url.searchParams.get("after") ?? 0);
        const mail = await deps.smtp.waitForMail((m) => m.to.includes(to) && m.at > after, 10_000);
        return reply(200, { subject: mail.subject, text: mail.text, html: mail.html, at: mail.at });
      }
      if (req.method === "POST" && url.pathname === "/stripe/redeliver") {
        const session = url.searchParams.get("session");
        const event = deps.stripe
          .events()
          .find((e) => e.type === "checkout.session.completed" && (e.data.object as { id?: string }).id === session);
        if (!event) return reply(404, { error: `no completed event for ${session}` });
        return reply(200, { status: await deps.stripe.redeliver(event.id) });
      }
      if (req.method === "GET" && url.pathname === "/stripe/sessions") return reply(200, deps.stripe.sessions());
      reply(404, { error: "unknown" });
    } catch (error) {
      reply(500, { error: error instanceof Error ? error.message : String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
