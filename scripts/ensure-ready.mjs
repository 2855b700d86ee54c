// Runs before `npm start` and `npm test`: checks Node, installs dependencies when missing and
// builds the web app when it has not been built, so both commands work on a fresh clone.
// Node built-ins only: nothing else is installed yet when this runs.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Ajo needs Node 22.12 or newer (24 LTS recommended); this is Node ${process.versions.node}.`,
  );
  process.exit(1);
}

const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

if (!existsSync(path.join(root, 'node_modules/fastify'))) {
  console.log('Installing dependencies (npm ci)…');
  run('npm ci');
}

const distIndex = path.join(root, 'apps/web/dist/index.html');
const newestSource = (folder) => {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    const time = entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
};
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages',
].map((item) => path.join(root, item));
const stale =
  !existsSync(distIndex) ||
  webSources.some(
    (source) =>
      existsSync(source) &&
      (statSync(source).isDirectory() ? newestSource(source) : statSync(source).mtimeMs) >
        statSync(distIndex).mtimeMs,
  );
if (stale) {
  console.log('Building the web app…');
  run('npm run build');
}

// Before the server only: the migrated template a new embedded data folder starts from
// (apps/api/src/platform/embedded-template.ts). Quick when it exists already.
// Best effort: without it the server runs PGlite's initdb, which is only slower.
if (process.env.npm_lifecycle_event === 'prestart') {
  try {
    run(`"${process.execPath}" apps/api/src/scripts/embedded-template.ts`);
  } catch {
    console.warn(
      'Could not prepare the embedded database template; the first start will be slower.',
    );
  }
}
