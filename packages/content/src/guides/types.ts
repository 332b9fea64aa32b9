/**
 * A guide under /docs/guides/{slug}: how to do one thing with Errand, beside the REST reference.
 * Text may link with [words](/path); the web turns those into links.
 */
export type GuideBlock =
  | { kind: "text"; text: string }
  | { kind: "steps"; items: string[] }
  | { kind: "list"; items: string[] }
  | { kind: "qa"; question: string; answer: string }
  | { kind: "code"; language: "bash" | "json" | "text" | "typescript" | "python"; caption: string; code: string };

export interface GuideSection {
  /** The section's anchor: /docs/guides/{slug}#{id}. */
  id: string;
  heading: string;
  blocks: GuideBlock[];
}

export interface Guide {
  slug: string;
  title: string;
  /** One line under the title, and the page's meta description (at most 160 characters). */
  description: string;
  /** "product": using Errand's screens; "integration": one way in from other tools. */
  group: "product" | "integration";
  sections: GuideSection[];
}
