import type { Plugin } from "vite";

const SONNER_MODULE = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/;
/** sonner's one top-level call that adds its CSS to the page as a <style> element. */
const INSERT_CSS_CALL = /^__insertCSS\(".*"\);$/m;

/**
 * sonner (the toasts) puts its CSS in a <style> element it creates at run time, with no nonce,
 * which the page's Content-Security-Policy refuses. This takes that call out and imports the
 * same CSS from the stylesheet sonner ships instead, so it is bundled with ours. The build
 * fails if sonner's code no longer has the call, rather than shipping unstyled toasts.
 */
export function sonnerStylesheet(): Plugin {
  return {
    name: "errand-sonner-stylesheet",
    enforce: "pre",
    transform(code, id) {
      if (!SONNER_MODULE.test(id)) return null;
      if (!INSERT_CSS_CALL.test(code))
        this.error("sonner no longer calls __insertCSS at top level: update build/sonner-stylesheet-plugin.ts");
      return { code: `import "sonner/dist/styles.css";\n${code.replace(INSERT_CSS_CALL, "")}`, map: null };
    },
  };
}
