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
  // A CSS named colour when one matches exactly, the nearest plain word otherwise.
  it.each([
    ["rgb(255, 192, 203)", "pink #ffc0cb"],
    ["rgb(0, 255, 0)", "lime #00ff00"],
    ["rgb(0, 128, 0)", "green #008000"],
    ["rgb(128, 128, 128)", "grey #808080"],
    ["rgb(255, 0, 255)", "magenta #ff00ff"],
    ["rgba(70, 130, 180, 0.9)", "steelblue #4682b4"],
    ["rgb(255, 193, 204)", "pink #ffc1cc"],
    ["rgb(244, 167, 185)", "pink #f4a7b9"],
    ["rgb(225, 87, 89)", "red #e15759"],
    ["rgb(26, 127, 55)", "green #1a7f37"],
    ["rgb(9, 105, 218)", "blue #0969da"],
    ["rgb(3, 250, 5)", "lime #03fa05"],
    ["rgb(250, 140, 10)", "orange #fa8c0a"],
    ["rgb(120, 40, 150)", "purple #782896"],
  ])("name %s %s", (css, name) => {
    expect(nameOf(css)).toBe(name);
  });

  it("say which exact names are only a background, and nothing for transparent", () => {
    expect(colourOf("rgb(245, 245, 245)")).toEqual({ name: "whitesmoke", hex: "#f5f5f5", plain: "white" });
    expect(colourOf("rgb(220, 220, 220)")?.plain).toBe("lightgrey");
    expect(colourOf("rgba(0, 0, 0, 0)")).toBeNull();
    expect(colourOf("none")).toBeNull();
  });
});
