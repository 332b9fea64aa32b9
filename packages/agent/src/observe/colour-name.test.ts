import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { loadInPageScript } from "../browser/in-page-script.ts";

// The in-page colour namer is plain JavaScript without page APIs, so it runs here as it runs in the page.
const colourOf = runInNewContext(loadInPageScript(new URL("./in-page/colour-name.js", import.meta.url))) as (
  css: string,
) => { name: string; hex: string; plain: string } | null;

const nameOf = (css: string) => {
  const c = colourOf(css);
  return c && `${c.name} ${c.hex}`;
};

describe("colour words", () => {
  it("use the CSS named colour when one matches exactly", () => {
    expect(nameOf("rgb(255, 192, 203)")).toBe("pink #ffc0cb");
    expect(nameOf("rgb(0, 255, 0)")).toBe("lime #00ff00");
    expect(nameOf("rgb(0, 128, 0)")).toBe("green #008000");
    expect(nameOf("rgb(128, 128, 128)")).toBe("grey #808080");
    expect(nameOf("rgb(255, 0, 255)")).toBe("magenta #ff00ff");
    expect(nameOf("rgba(70, 130, 180, 0.9)")).toBe("steelblue #4682b4");
  });

  it("use the nearest plain word otherwise", () => {
    expect(nameOf("rgb(255, 193, 204)")).toBe("pink #ffc1cc");
    expect(nameOf("rgb(244, 167, 185)")).toBe("pink #f4a7b9");
    expect(nameOf("rgb(225, 87, 89)")).toBe("red #e15759");
    expect(nameOf("rgb(26, 127, 55)")).toBe("green #1a7f37");
    expect(nameOf("rgb(9, 105, 218)")).toBe("blue #0969da");
    expect(nameOf("rgb(3, 250, 5)")).toBe("lime #03fa05");
    expect(nameOf("rgb(250, 140, 10)")).toBe("orange #fa8c0a");
    expect(nameOf("rgb(120, 40, 150)")).toBe("purple #782896");
  });

  it("say which exact names are only a background, and nothing for transparent", () => {
    expect(colourOf("rgb(245, 245, 245)")).toEqual({ name: "whitesmoke", hex: "#f5f5f5", plain: "white" });
    expect(colourOf("rgb(220, 220, 220)")?.plain).toBe("lightgrey");
    expect(colourOf("rgba(0, 0, 0, 0)")).toBeNull();
    expect(colourOf("none")).toBeNull();
  });
});
