#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader (no build step for the server side).
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");
