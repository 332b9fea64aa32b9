/** A kind of thing in the interface's words, e.g. "proxy pool" and "proxy pools": its buttons, titles and toasts are made from them. */
export interface Noun {
  one: string;
  many: string;
}

/** "proxy pool" -> "Proxy pool": words that open a title or a sentence. */
export const capitalized = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);
