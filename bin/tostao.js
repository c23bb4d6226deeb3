#!/usr/bin/env node
// The `tostao` command. The service is TypeScript run through tsx, so the CLI registers tsx's
// loader and then loads its TypeScript entry point.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
