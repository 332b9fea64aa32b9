/**
 * Prompt boxes submit the way the home hero does (spec section 2): Enter runs, Shift+Enter starts
 * a new line. Ctrl/Cmd+Enter runs too (a habit from other tools). An Enter that confirms an input
 * method's composition (Japanese, Chinese...) is not a submit.
 */
export interface PromptKey {
  key: string;
  shiftKey: boolean;
  altKey?: boolean;
  isComposing?: boolean;
  keyCode?: number;
}

export function isPromptSubmitKey(event: PromptKey): boolean {
  if (event.key !== "Enter" || event.shiftKey || event.altKey) return false;
  // Safari reports the composition's Enter as keyCode 229 with isComposing false.
  return !event.isComposing && event.keyCode !== 229;
}
