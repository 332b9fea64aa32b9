import type { ViewerMessage } from "@errand/contract";
import { normalizeAddress } from "./address.ts";

export interface ToolbarElements {
  back: HTMLButtonElement;
  forward: HTMLButtonElement;
  reload: HTMLButtonElement;
  form: HTMLFormElement;
  address: HTMLInputElement;
}

export interface ToolbarView {
  url: string;
  canGoBack: boolean;
  canGoForward: boolean;
  /** The person may act (connected, interactive, not ended). */
  enabled: boolean;
}

/** Back, Forward, Reload and the address bar. */
export class Toolbar {
  private url = "";

  constructor(
    private readonly els: ToolbarElements,
    private readonly opts: { enabled(): boolean; send(message: ViewerMessage): void; afterNavigate(): void },
  ) {
    const act = (type: "back" | "forward" | "reload") => () => {
      if (opts.enabled()) opts.send({ type });
    };
    els.back.addEventListener("click", act("back"));
    els.forward.addEventListener("click", act("forward"));
    els.reload.addEventListener("click", act("reload"));
    els.form.addEventListener("submit", (e) => {
      e.preventDefault();
      const url = normalizeAddress(els.address.value);
      if (!url || !opts.enabled()) return;
      opts.send({ type: "navigate", url: url.slice(0, 2048) });
      els.address.blur();
      opts.afterNavigate();
    });
    // Edits that are not submitted are dropped on leaving the field (or on Escape).
    els.address.addEventListener("blur", () => {
      els.address.value = this.url;
    });
    els.address.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      els.address.value = this.url;
      els.address.select();
    });
  }

  update(view: ToolbarView): void {
    const { els } = this;
    this.url = view.url;
    // Not overwritten while the person is editing it.
    if (document.activeElement !== els.address) els.address.value = view.url;
    els.address.readOnly = !view.enabled;
    els.back.disabled = !view.enabled || !view.canGoBack;
    els.forward.disabled = !view.enabled || !view.canGoForward;
    els.reload.disabled = !view.enabled;
  }
}
