import { describe, expect, it } from "vitest";
import {
  contentKey,
  downloadFolder,
  folderOf,
  runFolder,
  runHarKey,
  runTraceKey,
  stepScreenshotKey,
  uploadFolder,
} from "./storage-keys.ts";

describe("storage keys", () => {
  it("keep a run's screenshots and downloads under its folder, so deleting the folder deletes them all", () => {
    const runId = "0b8e6d1e-7b1a-4a3e-9a57-1c2d3e4f5a6b";
    expect(stepScreenshotKey(runId, 3, "jpeg")).toBe(`steps/${runId}/3.jpg`);
    expect(stepScreenshotKey(runId, 4, "png")).toBe(`steps/${runId}/4.png`);
    const download = contentKey(downloadFolder(runId, "f1"));
    expect(download).toBe(`steps/${runId}/files/f1/content`);
    expect(runHarKey(runId)).toBe(`steps/${runId}/network.har.gz`);
    expect(runTraceKey(runId)).toBe(`steps/${runId}/trace.json.gz`);
    for (const key of [stepScreenshotKey(runId, 1, "png"), download, runHarKey(runId), runTraceKey(runId)])
      expect(key.startsWith(`${runFolder(runId)}/`)).toBe(true);
    expect(folderOf(download)).toBe(`steps/${runId}/files/f1`);
  });

  it("keep uploads per user, with a user id that is not a plain lower-case id hashed", () => {
    expect(contentKey(uploadFolder("user-1", "f2"))).toBe("uploads/user-1/f2/content");
    expect(uploadFolder("User/../1", "f2")).toMatch(/^uploads\/[0-9a-f]{32}\/f2$/);
  });
});
