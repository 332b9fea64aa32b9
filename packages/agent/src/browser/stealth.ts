/** Launch flags and context settings that keep an automated Chromium from announcing itself. */

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
  "--disable-blink-features=AutomationControlled",
  "--disable-features=Translate,MediaRouter,OptimizationHints",
];

/** A desktop Chrome user agent for the running browser's major version, without "Headless". */
export function realisticUserAgent(browserVersion: string, platform: NodeJS.Platform = process.platform): string {
  const major = /^(\d+)/.exec(browserVersion)?.[1] ?? "130";
  const os =
    platform === "darwin"
      ? "Macintosh; Intel Mac OS X 10_15_7"
      : platform === "win32"
        ? "Windows NT 10.0; Win64; x64"
        : "X11; Linux x86_64";
  return `Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

/**
 * What WebGL says about the GPU. With --disable-gpu Chromium still offers WebGL, rendered in
 * software by SwiftShader, and says so ("Google Inc. (Google)", "... SwiftShader driver"): a
 * well-known headless sign. WebGL stays on (a desktop Chrome without WebGL is rarer still) and
 * the two UNMASKED_* answers name a common integrated GPU, worded as ANGLE words it on the
 * platform the user agent claims.
 */
export function webglIdentity(platform: NodeJS.Platform = process.platform): { vendor: string; renderer: string } {
  if (platform === "darwin")
    return { vendor: "Google Inc. (Apple)", renderer: "ANGLE (Apple, ANGLE Metal Renderer: Apple M1, Unspecified Version)" };
  if (platform === "win32") {
    return {
      vendor: "Google Inc. (Intel)",
      renderer: "ANGLE (Intel, Intel(R) UHD Graphics 620 (0x00005917) Direct3D11 vs_5_0 ps_5_0, D3D11)",
    };
  }
  return { vendor: "Google Inc. (Intel)", renderer: "ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)" };
}

/** Room a desktop Chrome window needs above its page: tab strip and toolbar. */
const TOOLBAR_ROOM = 100;

/** Common desktop screen sizes, smallest first. */
const SCREENS = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1536, height: 864 },
  { width: 1680, height: 1050 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
  { width: 3840, height: 2160 },
];

/**
 * The screen a window of this viewport plausibly sits on: the smallest common size that holds
 * the viewport plus the browser's toolbar (an emulated screen is otherwise exactly the viewport,
 * with no room for the window's own frame).
 */
export function screenForViewport(viewport: { width: number; height: number }): { width: number; height: number } {
  const fits = SCREENS.find((s) => s.width >= viewport.width && s.height >= viewport.height + TOOLBAR_ROOM);
  return fits ?? { width: viewport.width + 16, height: viewport.height + TOOLBAR_ROOM };
}

/**
 * What headless Chromium reports as its window's frame around the page (outer minus inner size),
 * once the renderer has heard its window's size. A script that asks before then reads 0 x 0,
 * which no visible browser ever says.
 */
export const HEADLESS_WINDOW_FRAME = { width: 8, height: 85 };

export interface StealthScriptOptions {
  webgl: { vendor: string; renderer: string };
}

/**
 * Runs before any page script in every frame (Playwright init scripts) and, prefixed to their
 * scripts, in dedicated and shared workers loaded from a URL (worker-scripts.ts). Every replaced
 * function is a Proxy of the native one, and Function.prototype.toString answers for it with the
 * native text, so "function getParameter() { [native code] }" still holds. The launch flag hides
 * navigator.webdriver; the getter here covers remote browsers launched without it.
 * outerWidth/outerHeight read as 0 until the renderer hears its window's size (a race a busy
 * machine loses): they answer then with what the browser will report. A frame's outer size is
 * its top window's, so the inner size used is the top window's too, where the frame may read it.
 * The text has no line comments: workers get it on one line (worker-scripts.ts).
 */
export function stealthInitScript(opts: StealthScriptOptions): string {
  return `(() => {
  try {
    const g = globalThis;
    const nativeToString = Function.prototype.toString;
    const disguised = new WeakMap();
    const toStringProxy = new Proxy(nativeToString, {
      apply(target, self, args) {
        const text = disguised.get(self);
        return text !== undefined ? text : Reflect.apply(target, self, args);
      },
    });
    disguised.set(toStringProxy, Reflect.apply(nativeToString, nativeToString, []));
    Function.prototype.toString = toStringProxy;
    const wrap = (fn, apply) => {
      const p = new Proxy(fn, { apply });
      disguised.set(p, Reflect.apply(nativeToString, fn, []));
      return p;
    };

    const webgl = ${JSON.stringify(opts.webgl)};
    for (const name of ["WebGLRenderingContext", "WebGL2RenderingContext"]) {
      const proto = g[name] && g[name].prototype;
      if (!proto) continue;
      proto.getParameter = wrap(proto.getParameter, (target, self, args) => {
        const value = Reflect.apply(target, self, args);
        if (typeof value !== "string") return value;
        if (args[0] === 0x9245) return webgl.vendor;
        if (args[0] === 0x9246) return webgl.renderer;
        return value;
      });
    }

    const frame = ${JSON.stringify(HEADLESS_WINDOW_FRAME)};
    const innerOfTop = (name) => { try { return g.top[name]; } catch { return g[name]; } };
    for (const [outer, inner, room] of [["outerWidth", "innerWidth", frame.width], ["outerHeight", "innerHeight", frame.height]]) {
      const owner = Object.getOwnPropertyDescriptor(g, outer) ? g : g.Window && g.Window.prototype;
      const d = owner && Object.getOwnPropertyDescriptor(owner, outer);
      if (!d || !d.get || !d.configurable) continue;
      Object.defineProperty(owner, outer, { ...d, get: wrap(d.get, (target, self, args) => {
        const value = Reflect.apply(target, self, args);
        return value || innerOfTop(inner) + room;
      }) });
    }

    if (typeof Navigator === "function" && navigator.webdriver !== false) {
      const d = Object.getOwnPropertyDescriptor(Navigator.prototype, "webdriver");
      if (d && d.get) Object.defineProperty(Navigator.prototype, "webdriver", { ...d, get: wrap(d.get, () => false) });
    }

  } catch {}
})();`;
}
