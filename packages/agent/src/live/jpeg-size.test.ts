import { describe, expect, it } from "vitest";
import { jpegSize } from "./jpeg-size.ts";

const segment = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];
const sof = (marker: number, width: number, height: number) =>
  segment(marker, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);

describe("jpegSize", () => {
  it("reads the size from a baseline or progressive frame header after other segments", () => {
    const app0 = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0]);
    expect(jpegSize(Buffer.from([0xff, 0xd8, ...app0, ...sof(0xc0, 1280, 800)]))).toEqual({ width: 1280, height: 800 });
    expect(jpegSize(Buffer.from([0xff, 0xd8, ...segment(0xdb, [0, 1, 2]), ...sof(0xc2, 640, 480)]))).toEqual({ width: 640, height: 480 });
  });

  it("is undefined for other bytes and cut-short files", () => {
    expect(jpegSize(Buffer.from("not a jpeg"))).toBeUndefined();
    expect(jpegSize(Buffer.from([0xff, 0xd8, ...sof(0xc0, 10, 10)].slice(0, 8)))).toBeUndefined();
    expect(jpegSize(Buffer.from([0xff, 0xd8, ...segment(0xc4, [0, 0])]))).toBeUndefined();
  });
});
