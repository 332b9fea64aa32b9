import { describe, expect, it } from "vitest";
import { Counter, Gauge, Histogram, Registry } from "./registry.ts";

describe("the metrics registry", () => {
  it("writes HELP, TYPE and one sample per series, label values escaped", () => {
    const registry = new Registry();
    const counter = registry.register(new Counter("t_things_total", "Things.\nSecond line \\ done", ["kind"]));
    counter.inc({ kind: 'a "quoted" \\ back\nslash' }, 2);
    counter.inc({ kind: "plain" });
    const gauge = registry.register(new Gauge("t_open", "Open now."));
    gauge.inc();
    gauge.inc();
    gauge.dec();
    expect(registry.render()).toBe(
      [
        "# HELP t_things_total Things.\\nSecond line \\\\ done",
        "# TYPE t_things_total counter",
        't_things_total{kind="a \\"quoted\\" \\\\ back\\nslash"} 2',
        't_things_total{kind="plain"} 1',
        "# HELP t_open Open now.",
        "# TYPE t_open gauge",
        "t_open 1",
        "",
      ].join("\n"),
    );
  });

  it("writes cumulative histogram buckets with +Inf, sum and count", () => {
    const registry = new Registry();
    const histogram = registry.register(new Histogram("t_seconds", "Time.", ["route"], [1, 0.1, 10]));
    for (const value of [0.05, 0.1, 0.5, 3, 30]) histogram.observe({ route: "/a/:id" }, value);
    histogram.observe({ route: "/a/:id" }, Number.NaN);
    const lines = registry.render().split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "# TYPE t_seconds histogram",
        't_seconds_bucket{route="/a/:id",le="0.1"} 2',
        't_seconds_bucket{route="/a/:id",le="1"} 3',
        't_seconds_bucket{route="/a/:id",le="10"} 4',
        't_seconds_bucket{route="/a/:id",le="+Inf"} 5',
        't_seconds_sum{route="/a/:id"} 33.65',
        't_seconds_count{route="/a/:id"} 5',
      ]),
    );
    expect(histogram.count({ route: "/a/:id" })).toBe(5);
  });

  it("refuses what would make an invalid exposition: bad names, missing or extra labels, counters going down", () => {
    const registry = new Registry();
    expect(() => registry.register(new Counter("bad-name", "x"))).toThrow(/invalid metric name/);
    const counter = registry.register(new Counter("t_total", "x", ["a"]));
    expect(() => registry.register(new Counter("t_total", "x"))).toThrow(/twice/);
    expect(() => counter.inc({})).toThrow(/label "a" missing/);
    expect(() => counter.inc({ a: "1", b: "2" })).toThrow(/unknown label/);
    expect(() => counter.inc({ a: "1" }, -1)).toThrow(/only goes up/);
    expect(() => new Histogram("t_h", "x", ["le"], [1])).toThrow(/invalid label name/);
  });

  it("writes special values by name", () => {
    const registry = new Registry();
    const gauge = registry.register(new Gauge("t_g", "x", ["v"]));
    gauge.set({ v: "inf" }, Infinity);
    gauge.set({ v: "nan" }, Number.NaN);
    expect(registry.render()).toContain('t_g{v="inf"} +Inf\nt_g{v="nan"} NaN\n');
  });
});
