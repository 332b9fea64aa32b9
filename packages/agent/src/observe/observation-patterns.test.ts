import { describe, expect } from "vitest";
import { agentTest } from "../testing/agent-test.ts";
import { act, call } from "../testing/turns.ts";
import type { Move } from "../testing/turns.ts";
import { indexOf, latestState } from "../testing/harness.ts";
import type { Harness } from "../testing/harness.ts";

// What the observation must show (packages/agent/README.md): each pattern on a fixture page of
// its own, driven by the fake model from what the observation shows; the page records what it saw.

const it = agentTest;
let h: Harness;
it.beforeAll(({ agent }) => {
  h = agent;
});

const click =
  (pattern: string | RegExp): Move =>
  (req) =>
    act("click", { index: indexOf(req, pattern) });

/** One turn: types `text` into the field whose line has `field`, then clicks the button whose line has `button`. */
const typeThenClick = (req: Parameters<Move>[0], field: string, text: string, button: string) => ({
  toolCalls: [call("type", { index: indexOf(req, field), text }), call("click", { index: indexOf(req, button) })],
});

/** Runs the moves, then answers with the last state; returns that final state. */
async function runOn(path: string, ...moves: Move[]): Promise<string> {
  h.model.setResponder((req, i) => moves[i]?.(req) ?? act("done", { success: true, text: latestState(req) }));
  const out = await h.run({ task: { prompt: "Use the page", initialUrl: `${h.sites.url}${path}` }, limits: { timeoutMs: 20_000 } });
  expect(out.result.status, out.result.reason ?? "").toBe("success");
  return out.result.result ?? "";
}

describe("the observation shows", () => {
  it("icon-only controls by their icon's name, and icons clickable only on hover", async () => {
    const final = await runOn(
      "/observe/icons",
      (req) => {
        const state = latestState(req);
        // Four different icons, four different names (CSS content url, background image, icon font class, SVG <use>).
        for (const name of ["icon=trash", "icon=star", "icon=reply", "icon=archive"]) expect(state).toContain(name);
        return act("click", { index: indexOf(req, "icon=star") });
      },
      click("icon=reply"),
      click("icon=archive"),
      (req) => {
        // The delete icons only get a pointer while their row is hovered; each keeps its own index.
        const lines = latestState(req).split("\n");
        const after = lines.slice(lines.findIndex((l) => l.includes("Invoice March"))).join("\n");
        const index = Number(/\[(\d+)\]<span icon=delete/.exec(after)?.[1]);
        return act("click", { index });
      },
    );
    expect(final).toContain("Clicked: star, reply, archive, delete March");
  });

  it("icons drawn by content: url() on the element itself, by their image file's name", async () => {
    const final = await runOn(
      "/observe/mail",
      (req) => {
        const state = latestState(req);
        for (const name of ["back", "delete", "star", "reply", "retweet", "like", "more"]) expect(state).toContain(`<span icon=${name}>`);
        return act("click", { index: indexOf(req, "icon=delete") });
      },
      click("icon=like"),
      click("icon=more"),
    );
    expect(final).toContain("Clicked: trash, like, more");
  });

  it("controls inside a clickable bar, and every item of a menu inside a menu button", async () => {
    const final = await runOn(
      "/observe/nested",
      click(/<span[^>]*>Forward<\/span>/),
      click(/<span[^>]*>Reply<\/span>/),
      click(/role=menuitem>Close all windows/),
      click(/role=menuitem>Plain text file/),
      (req) => {
        // Spans named after their words (class "email-forward" on "Forward") inside a clickable row: the second Forward.
        const forwards = [...latestState(req).matchAll(/\[(\d+)\]<span>Forward<\/span>/g)].map((m) => Number(m[1]));
        expect(forwards).toHaveLength(2);
        return act("click", { index: forwards[1] });
      },
    );
    expect(final).toContain("Clicked: Forward, Reply, close all, text, e-mail forward");
  });

  it("state: dialog close button, tree folders, slider values, spinner buttons, pressed and disabled", async () => {
    const final = await runOn(
      "/observe/state",
      (req) => {
        const state = latestState(req);
        expect(state).toMatch(/<li role=treeitem expanded=false folder>\s*Documents/);
        expect(state).toMatch(/<div role=slider aria-label=Volume value=30 min=0 max=100>/);
        expect(state).toMatch(/<span role=spinbutton value=1 min=1 max=9>1<\/span>/);
        expect(state).toMatch(/<button pressed=false>Bold<\/button>/);
        expect(state).toMatch(/<button disabled>Publish<\/button>/);
        return act("click", { index: indexOf(req, "icon=close") });
      },
      click(/role=treeitem expanded=false folder/),
      click(/role=treeitem>report\.pdf/),
      click(">+</button>"),
      click(">+</button>"),
      click("pressed=false"),
      (req) => {
        expect(latestState(req)).toMatch(/<button pressed=true>Bold<\/button>/);
        return act("done", { success: true, text: latestState(req) });
      },
    );
    expect(final).toContain("Clicked: dialog closed, report.pdf, quantity 2, quantity 3, bold on");
  });

  it("SVG charts with their shapes, sizes, colours and text, and colour swatches by colour", async () => {
    const final = await runOn(
      "/observe/chart",
      (req) => {
        const state = latestState(req);
        expect(state).toMatch(/\[svg 320×200 "Sales by quarter"[^\]]*text: Q1 \| Q2 \| Q3 \| Q4\]/);
        // The tallest bar is the red one.
        expect(state).toMatch(/<rect 50×150 red #e15759>"Q3: 150 units"<\/rect>/);
        return act("click", { index: indexOf(req, /<rect 50×150 red/) });
      },
      click('colour="green #1a7f37"'),
    );
    expect(final).toContain("Chosen: bar Q3, green");
  });

  it("SVG letters and digits indexed with their size and colour", async () => {
    const final = await runOn("/observe/letters", (req) => {
      const state = latestState(req);
      expect(state).toMatch(/<text \d+×\d+ blue #0969da>4<\/text>/);
      return act("click", { index: indexOf(req, /<text \d+×\d+ red #d1242f>/) });
    });
    expect(final).toContain("Chosen: letter K");
  });

  it("colour boxes above 48 px, indexed without a pointer, by their CSS name or the nearest word", async () => {
    const final = await runOn(
      "/observe/colours",
      (req) => {
        const state = latestState(req);
        for (const tile of ["pink #ffc0cb", "lime #00ff00", "green #008000", "pink #f4a7b9", "blue #1e5adc"])
          expect(state).toContain(`<div colour="${tile}"></div>`);
        expect(state).not.toContain("beige");
        return act("click", { index: indexOf(req, 'colour="pink #ffc0cb"') });
      },
      click('colour="lime #00ff00"'),
    );
    expect(final).toContain("Chosen: pink, lime");
  });

  it("a field's whole value exactly, whitespace kept, so it can be copied", async () => {
    const final = await runOn(
      "/observe/values",
      (req) => {
        const state = latestState(req);
        expect(state).toContain("(200 more characters)");
        const quoted = /<input value=("(?:[^"\\]|\\.)*") /.exec(state)?.[1] ?? '""';
        return act("type", { index: indexOf(req, /^<input label=Copy/), text: JSON.parse(quoted) as string });
      },
      click("Check the copy"),
    );
    expect(final).toContain("The copy is exact.");
  });

  it("a long field value whole, and the rest of its line after it", async () => {
    const final = await runOn("/observe/answer", (req) => {
      const state = latestState(req);
      // The value, the field's scroll hint, the answer field and the button stay on one line.
      expect(state).toMatch(
        /<textarea value="The river bends[^"]*The code word is HERON\."[^>\n]* scroll="0px above, \d+px below"> \[\d+\]<input placeholder=Answer> \[\d+\]<button>Submit/,
      );
      const word = /The code word is (\w+)/.exec(state)?.[1] ?? "not shown";
      return typeThenClick(req, "placeholder=Answer", word, ">Submit</button>");
    });
    expect(final).toContain("Correct: HERON");
  });

  it("items of a sortable list and of a natively draggable one, without pointer or tab stop, to drag, and the options of an open custom select", async () => {
    const item = (req: Parameters<Move>[0], name: string) => indexOf(req, new RegExp(`<li draggable>${name}</li>`));
    const final = await runOn(
      "/observe/sortable",
      (req) => act("drag", { index: item(req, "Deploy"), to_index: item(req, "Build") }),
      // draggable="true": the browser's own drag and drop, no class to tell it by.
      (req) => act("drag", { index: item(req, "Low"), to_index: item(req, "High") }),
      click(/<div>Choose a size/),
      (req) => act("click", { index: indexOf(req, /<li option>Large<\/li>/) }),
    );
    expect(final).toContain("Order: Deploy, Build, Test");
    expect(final).toContain("Priorities: Low, High, Medium");
    expect(final).toContain("Size: Large");
  });

  it("which items of a tree of nested lists are folders, and whether each is open", async () => {
    const final = await runOn(
      "/observe/tree",
      (req) => {
        expect(latestState(req)).toMatch(/<span>readme\.md<\/span>/);
        return act("click", { index: indexOf(req, /<span folder expanded=false>Documents/) });
      },
      (req) => {
        expect(latestState(req)).toMatch(/<span folder expanded=true>Documents/);
        return act("click", { index: indexOf(req, /<span folder expanded=false>Reports/) });
      },
      click(/<span>q3\.pdf/),
    );
    expect(final).toContain("Opened: q3.pdf");
  });

  it("date pickers' month steps drawn as links without href or visible words, listed and named", async () => {
    const final = await runOn("/observe/calendar", click('<a aria-label="Next month"></a>'), (req) => {
      const state = latestState(req);
      expect(state).toContain("April 2026");
      expect(state).toContain('<a aria-label="Previous month"></a>');
      return act("click", { index: indexOf(req, /^<a>9<\/a>/) });
    });
    expect(final).toContain("Date chosen: 2026-04-09");
  });

  it("date pickers' previous and next month controls", async () => {
    const final = await runOn("/datepicker", click("placeholder=YYYY-MM-DD"), click('aria-label="Next month"'), (req) => {
      expect(latestState(req)).toContain("April 2026");
      return act("click", { index: indexOf(req, /^<button>9<\/button>/) });
    });
    expect(final).toContain("Date chosen: 2026-04-09");
  });

  it("a price far down a long product page, and boxes side by side read apart ($400 | 5 bids)", async () => {
    const final = await runOn("/observe/auction", (req) => {
      const state = latestState(req);
      expect(state).toMatch(/\$400 5 bids/);
      const price = /Buy it now: (\S+)/.exec(state)?.[1] ?? "not shown";
      return typeThenClick(req, 'label="Pay the buy-it-now price"', price, ">Pay</button>");
    });
    expect(final).toContain("Bought for $1,250.00");
  });

  it("the product's details before the site navigation, saying what was folded", async () => {
    const final = await runOn("/observe/shop", (req) => {
      const state = latestState(req);
      expect(state).toMatch(/Navigation folded: \d+ links/);
      const sku = /SKU \| ([A-Z0-9-]+)/.exec(state)?.[1] ?? "not shown";
      return typeThenClick(req, 'label="Reorder by SKU"', sku, ">Reorder</button>");
    });
    expect(final).toContain("Reordered MX-4471-B");
  });
});
