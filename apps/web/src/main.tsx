import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

// The server puts each public page's meta in the HTML for clients that run no JavaScript;
// from here on the app renders its own, so the server's copies go (no duplicate tags).
for (const element of document.head.querySelectorAll("[data-ssr]")) element.remove();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
