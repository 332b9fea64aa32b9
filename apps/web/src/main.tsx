import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { seedEmbeddedQueries } from "./api/embedded-queries";
import { takeEmbeddedResponses } from "./api/embedded-responses";
import { App, createQueryClient } from "./app";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

// The server puts each public page's meta in the HTML for clients that run no JavaScript;
// from here on the app renders its own, so the server's copies go (no duplicate tags).
for (const element of document.head.querySelectorAll("[data-ssr]")) element.remove();

if (container.firstElementChild) {
  // A public page the server rendered (ADR 0012): hydrate it from the answers it was rendered
  // with, in the query cache before the first render, so both render the same HTML.
  const queryClient = createQueryClient();
  seedEmbeddedQueries(queryClient, takeEmbeddedResponses());
  hydrateRoot(
    container,
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
