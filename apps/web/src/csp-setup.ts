// Runs before the app's other modules: what the page's Content-Security-Policy asks of them.
import "./zod-without-eval";

// The server gives each page a nonce (on the csp-nonce meta tag Vite's `html.cspNonce` adds).
// Libraries that add <style> elements at run time (Radix's scroll lock, through get-nonce) read
// webpack's global for it.
const meta = document.querySelector<HTMLMetaElement>("meta[property=csp-nonce]");
if (meta?.nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = meta.nonce;
