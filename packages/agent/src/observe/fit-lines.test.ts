import { describe, expect, it } from "vitest";
import { fitLines } from "./fit-lines.ts";

const lines = Array.from({ length: 100 }, (_, i) => ({ y: i * 100, t: `line ${i} ${"x".repeat(40)}` }));

describe("fitLines", () => {
  it("returns everything when it fits", () => {
    expect(fitLines(lines.slice(0, 3), { top: 0, bottom: 800 }, 10_000)).toEqual({
      text: lines
        .slice(0, 3)
        .map((l) => l.t)
        .join("\n"),
      omitted: 0,
    });
  });

  it("keeps the viewport, then what follows, and marks what was left out", () => {
    const fit = fitLines(lines, { top: 3000, bottom: 3800 }, 1_500);
    expect(fit.text).toContain("line 30 ");
    expect(fit.text).toContain("line 37 ");
    expect(fit.text).toMatch(/^\[… 30 lines above: scroll up or use extract …\]/);
    expect(fit.text).toMatch(/\[… \d+ lines more below: scroll down or use extract …\]$/);
    expect(fit.text.length).toBeLessThan(1_500 + 200);
  });

  it("keeps the start of the main content, from its heading, ahead of the rest", () => {
    const withHeading = lines.map((l, i) => (i === 70 ? { ...l, t: "# Birch Stool", m: 1 } : l));
    const fit = fitLines(withHeading, { top: 0, bottom: 800 }, 1_500);
    for (const n of [69, 71, 72, 73]) expect(fit.text).toContain(`line ${n} `);
    expect(fit.text).toMatch(/line 69 x+\n# Birch Stool\nline 71 /);
    expect(fit.text).toContain("line 0 ");
    expect(fit.text).not.toContain("line 99 ");
    // Scrolled past the heading: the viewport comes first again.
    const scrolled = fitLines(withHeading, { top: 9000, bottom: 9800 }, 700);
    expect(scrolled.text).not.toContain("# Birch Stool");
    expect(scrolled.text).toContain("line 95 ");
  });

  it("keeps the first price lines after the main heading, and those naming a price, however far down", () => {
    const page = lines.map((l, i) =>
      i === 10
        ? { ...l, t: "# Camera", m: 1 }
        : i === 80
          ? { ...l, t: "Buy it now: $1,250.00" }
          : i === 90
            ? { ...l, t: "Shipping 12 €" }
            : l,
    );
    const fit = fitLines([...page, { y: 99_999, t: "Gift cards from $25" }], { top: 0, bottom: 800 }, 1_500);
    expect(fit.text).toContain("Buy it now: $1,250.00");
    expect(fit.text).toContain("Shipping 12 €");
    expect(fit.text).not.toContain("line 85 ");
    // A third amount that names no price is not worth the room.
    expect(fit.text).not.toContain("Gift cards");
  });

  it("treats long runs of bare links as navigation, after the content below the fold", () => {
    const menu = Array.from({ length: 30 }, (_, i) => ({ y: 900 + i, t: `[${i + 1}]<a>Menu ${i}</a>` }));
    const body = Array.from({ length: 30 }, (_, i) => ({ y: 2000 + i * 50, t: `Body line ${i} ${"y".repeat(60)}` }));
    const fit = fitLines([...menu, ...body], { top: 0, bottom: 800 }, 2_000);
    expect(fit.text).toContain("Body line 0 ");
    expect(fit.text).toContain("[1]<a>Menu 0</a>");
    expect(fit.text).toMatch(/\[… Navigation folded: \d+ links in \d+ lines; use extract to read them …\]/);
  });
});
