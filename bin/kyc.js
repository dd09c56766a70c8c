#!/usr/bin/env node
// The `kyc` command: runs the TypeScript CLI through tsx, so `npx kyc ...` works from the project root.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli/main.ts', import.meta.url).href);
