import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, repositoryRoot } from './api-server.ts';

/** How long one `npm start` may take before the row gives up on it. */
const startLimitMs = 60_000;

export interface ColdStarts {
  /** The first start, on a new data folder (migrations and the demo data from the template). */
  newFolderMs: number;
  /** The starts that follow on that same folder, as a person restarting the app waits for them. */
  startsMs: number[];
}

/** `npm start` as the README runs it: npm's own script (its prestart first), from this checkout. */
function npmStart(port: number, dataDir: string) {
  const npm = process.env.npm_execpath;
  return spawn(npm ? process.execPath : 'npm', npm ? [npm, 'start'] : ['start'], {
    cwd: repositoryRoot,
    // Its own process group, so the whole of it (npm and the server) is stopped together.
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Whether the app answers `/readyz` (its database open and migrated) with 200. */
async function ready(port: number): Promise<boolean> {
  try {
    const answer = await fetch(`http://127.0.0.1:${String(port)}/readyz`);
    await answer.arrayBuffer();
    return answer.ok;
  } catch {
    return false;
  }
}

/** Whether any process of the group is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One `npm start`: milliseconds from the command until `/readyz` answers 200, then a clean stop. */
async function timeOneStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = npmStart(port, dataDir);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error('npm start did not start');
  try {
    for (;;) {
      if (await ready(port)) return performance.now() - startedAt;
      if (child.exitCode !== null) {
        throw new Error(`npm start exited with code ${String(child.exitCode)}:\n${output}`);
      }
      if (performance.now() - startedAt > startLimitMs) {
        throw new Error(
          `npm start was not ready within ${String(startLimitMs / 1000)} s:\n${output}`,
        );
      }
      await sleep(25);
    }
  } finally {
    // Stopped as a person stops it (Ctrl-C reaches the whole group), so the embedded database
    // closes cleanly and the next start is an ordinary one, not a recovery.
    if (groupAlive(pid)) process.kill(-pid, 'SIGINT');
    const stopBy = performance.now() + 20_000;
    while (groupAlive(pid) && performance.now() < stopBy) {
      await sleep(50);
    }
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  }
}

/**
 * The cold start of `npm start` on the embedded database (QUALITY.md: ready in ≤ 10 s, the slowest
 * of three runs). Its prestart runs once first, untimed, as after `npm ci` and `npm run build`: it
 * builds the web app only if the sources are newer, and makes the migrated template new data
 * folders start from (decision 0005). Then `npm start` on a new data folder in the system's temp
 * folder (never the checkout's `.data`), stopped, and started `runs` more times on that folder.
 */
export async function measureColdStarts(runs: number): Promise<ColdStarts> {
  const prepared = spawnSync(process.execPath, ['scripts/ensure-ready.mjs'], {
    cwd: repositoryRoot,
    env: { ...process.env, npm_lifecycle_event: 'prestart' },
    encoding: 'utf8',
  });
  if (prepared.status !== 0) {
    throw new Error(`npm start's prestart failed:\n${prepared.stdout}${prepared.stderr}`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ajo-bench-start-'));
  try {
    const newFolderMs = await timeOneStart(dataDir);
    const startsMs: number[] = [];
    for (let run = 0; run < runs; run += 1) startsMs.push(await timeOneStart(dataDir));
    return { newFolderMs, startsMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
