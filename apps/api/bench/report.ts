import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type Verdict = 'PASS' | 'FAIL' | 'REF';

export interface ReportRow {
  id: string;
  what: string;
  figure: string;
  budget: string;
  verdict: Verdict;
  note?: string;
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));

/** The table printed at the end of a run: each figure beside its budget. */
export function renderTable(rows: readonly ReportRow[]): string {
  const header: ReportRow = {
    id: 'Row',
    what: 'What',
    figure: 'Measured',
    budget: 'Budget (QUALITY.md, Speed)',
    verdict: 'REF',
  };
  const all = [header, ...rows];
  const widths = {
    id: Math.max(...all.map((row) => row.id.length)),
    what: Math.max(...all.map((row) => row.what.length)),
    figure: Math.max(...all.map((row) => row.figure.length)),
    budget: Math.max(...all.map((row) => row.budget.length)),
  };
  const line = (row: ReportRow, verdict: string) =>
    [
      pad(row.id, widths.id),
      pad(row.what, widths.what),
      pad(row.figure, widths.figure),
      pad(row.budget, widths.budget),
      verdict + (row.note ? `  (${row.note})` : ''),
    ].join(' | ');
  const rule = '-'.repeat(widths.id + widths.what + widths.figure + widths.budget + 20);
  return [
    line(header, 'Result'),
    rule,
    ...rows.map((row) => line(row, row.verdict === 'REF' ? '-' : row.verdict)),
  ].join('\n');
}

/** Writes `bench/reports/bench-<stamp>.json` and `bench/reports/latest.json` at the root. */
export async function writeReport(
  repositoryRoot: string,
  stamp: string,
  report: unknown,
): Promise<string> {
  const folder = path.join(repositoryRoot, 'bench/reports');
  await mkdir(folder, { recursive: true });
  const text = `${JSON.stringify(report, null, 2)}\n`;
  const file = path.join(folder, `bench-${stamp}.json`);
  await writeFile(file, text);
  await writeFile(path.join(folder, 'latest.json'), text);
  return path.relative(repositoryRoot, file);
}
