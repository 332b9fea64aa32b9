import { describe, expect, it } from "vitest";
import { buildSuite, emptyCase, modelNames, suiteRefusal, suiteTextFormat } from "./suite-draft";

const draft = (prompt: string, startUrl = "", expected = "") => ({ ...emptyCase(), prompt, startUrl, expected });

describe("buildSuite", () => {
  it("makes the API's suite from the form, leaving out empty optional fields", () => {
    const built = buildSuite(" Shop ", [draft(" Find the kettle ", "https://shop.example/", "$24"), draft("Read the news")]);
    expect(built).toEqual({
      suite: {
        name: "Shop",
        cases: [{ prompt: "Find the kettle", start_url: "https://shop.example/", expected: "$24" }, { prompt: "Read the news" }],
      },
    });
  });

  it("names the fields to fix: the name, and each case's prompt or start URL by its place", () => {
    const built = buildSuite("  ", [draft("fine"), draft(" ", "ftp://files.example")]);
    expect(built).toEqual({
      errors: {
        name: "Give the evaluation a name",
        cases: { 1: { prompt: "Write what the agent should do", startUrl: "Enter a web address starting with http:// or https://" } },
      },
    });
  });
});

describe("modelNames", () => {
  it("splits at commas and spaces, once each, in order", () => {
    expect(modelNames(" gpt-4.1, llama-3.3-70b  gpt-4.1,,")).toEqual(["gpt-4.1", "llama-3.3-70b"]);
  });
});

describe("suiteTextFormat", () => {
  it("sends a JSON object as JSON and anything else as YAML for the server to read", () => {
    const texts = [' {"name": "x", "cases": []} ', "name: x\ncases: []", "{ name: x, cases: [] }", "[1, 2]"];
    expect(texts.map(suiteTextFormat)).toEqual(["json", "yaml", "yaml", "yaml"]);
  });
});

describe("suiteRefusal", () => {
  it("says each refused field with its case number from 1", () => {
    const text = suiteRefusal("suite.cases.1.start_url: start_url must be a web address; name: name must not be empty", [
      { path: "suite.cases.1.start_url", message: "start_url must be a web address" },
      { path: "name", message: "name must not be empty" },
    ]);
    expect(text).toBe("Case 2, start_url: start_url must be a web address\nname: name must not be empty");
  });

  it("says the server's message alone when it named no field", () => {
    expect(suiteRefusal("the suite is not valid YAML (line 3)", [])).toBe("the suite is not valid YAML (line 3)");
    expect(suiteRefusal(undefined, [{ path: "suite", message: "the suite is not valid YAML (line 3)" }])).toBe(
      "the suite is not valid YAML (line 3)",
    );
  });
});
