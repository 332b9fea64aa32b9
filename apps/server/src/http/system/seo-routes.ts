import { INTEGRATION_NAMES } from "@errand/contract";
import { GUIDES, guidePath } from "@errand/content/guides";
import { getAutomationFacets, listAutomations } from "@errand/services/automations";
import type { ServiceContext } from "@errand/services";
import { Hono } from "hono";

const PRIVATE_PATHS = ["/api/", "/dashboard", "/tasks", "/credits", "/api-keys", "/auth-contexts", "/reset-password"];

/** robots.txt and sitemap.xml, from the live catalogue. */
export function seoRoutes(deps: { ctx: ServiceContext; baseUrl: string }) {
  const origin = new URL(deps.baseUrl).origin;
  const app = new Hono();
  app.get("/robots.txt", (c) => {
    c.header("cache-control", "public, max-age=3600");
    const lines = ["User-agent: *", "Allow: /", ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""];
    return c.text(lines.join("\n"));
  });
  app.get("/sitemap.xml", async (c) => {
    const [{ automations }, facets] = await Promise.all([
      listAutomations({ ctx: deps.ctx, input: {} }),
      getAutomationFacets({ ctx: deps.ctx, input: {} }),
    ]);
    const paths = [
      "/",
      "/features",
      "/contact",
      "/docs",
      ...GUIDES.map((guide) => guidePath(guide.slug)),
      "/automations",
      ...INTEGRATION_NAMES.map((name) => `/${name}-integration`),
      ...facets.categories.map((f) => `/automations/categories/${encodeURIComponent(f.category)}`),
      ...facets.applications.map((f) => `/automations/applications/${encodeURIComponent(f.application)}`),
      ...automations.map((a) => `/automations/${encodeURIComponent(a.slug)}`),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...paths.map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`),
      "</urlset>",
      "",
    ].join("\n");
    c.header("cache-control", "public, max-age=600");
    return c.body(body, 200, { "content-type": "application/xml; charset=utf-8" });
  });
  return app;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);
