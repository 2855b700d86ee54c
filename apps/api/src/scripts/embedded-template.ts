import { ensureTemplate } from '../platform/embedded-template.ts';

// Run by `npm start` before the server (scripts/ensure-ready.mjs): makes the migrated template a
// new embedded data folder starts from, unless this PGlite and these migrations already have one.
await ensureTemplate();
