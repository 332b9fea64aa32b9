/*
 * Where focus goes when the control that had it is gone (docs/adr/0058-form-kit-and-focus.md):
 * a dialog's opener deleted by the dialog (Delete on a row), or a card swapped under it. The
 * control that took its place is the same control on the next item (or the previous one when it
 * was the last), then any control beside it, then the first control of what still holds it.
 */

const FOCUSABLE =
  "a[href], button, input:not([type=hidden]), select, textarea, summary, [contenteditable=true], [tabindex]:not([tabindex='-1'])";
/** A list's item, and the lists whose items are its neighbours. */
const ITEM = "li, tr, [role=listitem], [role=row]";
const LIST = "ul, ol, tbody, table, [role=list], [role=table], [role=grid]";
/** What holds a control that is not in a list: its neighbours are the controls of the same region. */
const REGION = "[role=dialog], form, section, article, [role=region], main";

/** Where a control was: itself, what held it, and its neighbours at that moment. */
export interface Place {
  element: HTMLElement;
  /** Its ancestors, nearest first, up to (not including) the body. */
  ancestors: Element[];
  /** The controls after it among its neighbours, in order. */
  after: HTMLElement[];
  /** The controls before it among its neighbours, nearest first. */
  before: HTMLElement[];
}

/** A control a person can reach now: on the page, enabled, shown, and not behind an open dialog. */
export function canTakeFocus(element: Element | null | undefined): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected || element.matches(":disabled")) return false;
  if (element.closest("[inert], [aria-hidden=true]")) return false;
  return element.checkVisibility({ visibilityProperty: true });
}

/** A menu item stands for the button that opened its menu: the item goes when the menu closes. */
function outsideMenus(element: HTMLElement): HTMLElement {
  const menu = element.closest<HTMLElement>("[role=menu]");
  if (!menu?.id) return element;
  return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? element;
}

function neighbourhood(element: HTMLElement): Element {
  const item = element.closest(ITEM);
  return item?.parentElement?.closest(LIST) ?? element.closest(REGION) ?? document.body;
}

/** Remembers where a control is, so that what takes its place can be found once it is gone. */
export function rememberPlace(control: HTMLElement): Place {
  const element = outsideMenus(control);
  const ancestors: Element[] = [];
  for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) ancestors.push(parent);
  const controls = [...neighbourhood(element).querySelectorAll<HTMLElement>(FOCUSABLE)];
  const index = controls.indexOf(element);
  return {
    element,
    ancestors,
    after: index < 0 ? [] : controls.slice(index + 1),
    before: index < 0 ? [] : controls.slice(0, index).reverse(),
  };
}

/** The same kind of control: "Delete" on another row (by its title, else its words). */
function alike(a: HTMLElement, b: HTMLElement): boolean {
  const words = (element: HTMLElement) => element.title || element.textContent?.trim() || "";
  return a.tagName === b.tagName && words(a) !== "" && words(a) === words(b);
}

/** The first control left in the nearest ancestor still on the page (the card, once its list is empty). */
function firstInWhatHeldIt(ancestors: Element[]): HTMLElement | null {
  for (const ancestor of ancestors) {
    if (!ancestor.isConnected) continue;
    for (const control of ancestor.querySelectorAll<HTMLElement>(FOCUSABLE)) if (canTakeFocus(control)) return control;
  }
  return null;
}

/** The control to focus for a place: the control itself while it can take focus, else what took its place. */
export function controlAt(place: Place): HTMLElement | null {
  if (canTakeFocus(place.element)) return place.element;
  const after = place.after.filter(canTakeFocus);
  const before = place.before.filter(canTakeFocus);
  const same = (control: HTMLElement) => alike(control, place.element);
  return after.find(same) ?? before.find(same) ?? after[0] ?? before[0] ?? firstInWhatHeldIt(place.ancestors);
}

let stopWatching: (() => void) | null = null;

/**
 * Focuses the control at a place, and keeps watching it while it has focus: when a request
 * finishing later removes it (a deleted row leaves its list once the list is read again), the
 * page would drop focus on the body, so focus goes to what took its place. The watch ends when
 * the person moves on (focus elsewhere, a click).
 */
export function focusPlace(place: Place): boolean {
  stopWatching?.();
  const control = controlAt(place);
  if (!control) return false;
  control.focus();
  // Its neighbours now: the list may have changed since the place was remembered.
  const current = rememberPlace(control);
  const observer = new MutationObserver(() => {
    if (current.element.isConnected) return;
    stop();
    if (!document.activeElement || document.activeElement === document.body) controlAt(current)?.focus();
  });
  const movedOn = (event: Event) => {
    if (event.type !== "focusin" || event.target !== current.element) stop();
  };
  function stop() {
    observer.disconnect();
    document.removeEventListener("focusin", movedOn, true);
    document.removeEventListener("pointerdown", movedOn, true);
    if (stopWatching === stop) stopWatching = null;
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener("focusin", movedOn, true);
  document.addEventListener("pointerdown", movedOn, true);
  stopWatching = stop;
  return true;
}

/**
 * For an action on a row that removes the row once the list is read again (Revoke): focus stays
 * on the control that has it, then goes to what takes its place when the row leaves.
 */
export function keepFocusThroughRemoval(): void {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) focusPlace(rememberPlace(active));
}
