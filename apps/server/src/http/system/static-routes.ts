import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

/** The built web app: hashed assets cached for a year, every other path gets index.html (SPA). */
export function staticRoutes(webDir: string) {
  const app = new Hono();
  const indexFile = path.join(webDir, "index.html");
  if (!existsSync(indexFile)) {
    app.get("*", (c) =>
      c.text("The web app is not built. Run `npm start` (it builds it) or `npm run build`.", 503),
    );
    return app;
  }
  const root = path.relative(process.cwd(), webDir) || ".";
  const indexHtml = readFileSync(indexFile, "utf8");
  app.use(
    "/assets/*",
    serveStatic({ root, onFound: (_path, c) => c.header("cache-control", "public, max-age=31536000, immutable") }),
  );
  app.use("*", serveStatic({ root }));
  app.get("*", (c) => {
    c.header("cache-control", "no-cache");
    return c.html(indexHtml);
  });
  return app;
}
