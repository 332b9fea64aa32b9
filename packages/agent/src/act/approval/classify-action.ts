import type { ApprovalKind } from "@errand/contract";

/** A form field as the approval check sees it: hints only, never its value. */
export interface FieldFacts {
  tag: string;
  type: string;
  name: string;
  autocomplete: string;
  label: string;
}

/** The control about to be clicked (in-page/control-facts.js). */
export interface ControlFacts {
  tag: string;
  role: string;
  /** Its text, value, aria-label and title. */
  words: string[];
  /** The click submits a form (a submit button inside it). */
  submits: boolean;
  /** The fields of its form; empty outside a form. */
  fields: FieldFacts[];
  /** Set when the control is reached by a press of Enter: the element Enter is pressed in, e.g. `<input> Card number`. */
  enterIn?: string;
}

/** Why an action needs approval: a kind of the task's list, or a word the person listed. */
export interface ApprovalNeed {
  kind: ApprovalKind | "words";
  reason: string;
}

const CONTROL_WORDS: [ApprovalKind, RegExp][] = [
  [
    "delete",
    /\b(delete|remove|erase|destroy|discard|deactivate|close (my |your )?account|cancel (my |your )?(account|subscription|order))\b/,
  ],
  ["payment", /\b(pay|payment|pay now|confirm payment|transfer|send money|donate)\b/],
  [
    "purchase",
    /\b(buy|purchase|order now|place (my |your |the )?order|checkout|check out|complete (the |my )?(purchase|order)|book now|subscribe)\b/,
  ],
  ["send_message", /\b(send|post|reply|publish|tweet|submit (a |the |my )?(message|comment|review|post)|e-?mail (it|them|now))\b/],
];

/** Fields a payment form has: card number, security code, expiry, bank account. */
const PAYMENT_FIELD = /\b(cc-|card|cvc|cvv|csc|security code|expir|iban|account number|routing|sort code)/;
/** Fields of personal data: who someone is and how to reach them. */
const PERSONAL_FIELD =
  /\b(name|given-name|family-name|e-?mail|tel|phone|mobile|address|street|postal|zip|birth|bday|passport|ssn|social security|national id|tax id|id number)\b/;

const fieldText = (f: FieldFacts) => `${f.type} ${f.name} ${f.autocomplete} ${f.label}`.toLowerCase().replace(/[_\-[\]]+/g, " ");
const quoted = (facts: ControlFacts) => `"${facts.words[0] ?? facts.tag}"`;

/**
 * Whether a click on this control needs a person's approval under the task's policy: its words
 * first (the person's own, then each kind's), then what the form it submits asks for. Words are
 * matched whole and case-insensitively; null when it needs none.
 */
export function classifyAction(
  facts: ControlFacts,
  policy: { kinds: readonly ApprovalKind[]; words: readonly string[] },
): ApprovalNeed | null {
  const said = facts.words.join(" ").toLowerCase();
  const listed = policy.words.find((w) => wholeWord(w.toLowerCase()).test(said));
  if (listed)
    return { kind: "words", reason: `The control ${quoted(facts)} has the word "${listed}", which this task asks to approve first.` };
  for (const [kind, pattern] of CONTROL_WORDS) {
    if (!policy.kinds.includes(kind)) continue;
    const hit = pattern.exec(said)?.[0];
    if (hit) return { kind, reason: `The control ${quoted(facts)} looks like ${KIND_WORDS[kind]} ("${hit}").` };
  }
  if (!facts.submits) return null;
  const fields = facts.fields.map(fieldText);
  if (policy.kinds.includes("payment") && fields.some((f) => PAYMENT_FIELD.test(f)))
    return { kind: "payment", reason: `${quoted(facts)} submits a form with payment details.` };
  if (policy.kinds.includes("personal_data") && fields.some((f) => PERSONAL_FIELD.test(f)))
    return { kind: "personal_data", reason: `${quoted(facts)} submits a form with personal data.` };
  return null;
}

const KIND_WORDS: Record<ApprovalKind, string> = {
  payment: "a payment",
  personal_data: "sending personal data",
  purchase: "a purchase",
  send_message: "sending a message",
  delete: "deleting something",
};

function wholeWord(word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u");
}
