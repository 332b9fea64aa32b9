// Entry of the test S3 server's process: TypeScript through tsx, as bin/errand.mjs does.
import { register } from "tsx/esm/api";

register();
await import("./s3-server-process.ts");
