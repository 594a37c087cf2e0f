import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run check:decisions`: every decision record names its status and date right under its title, and a record
 * that says it supersedes another names one that exists, so a reader can tell what holds today. A changed decision
 * is a new record; the old one's Status line alone changes to "Superseded by NNN" (docs/decisions/README.md).
 */
const DIR = path.resolve(import.meta.dirname, '../docs/decisions');
const RECORD = /^(\d{3})-[a-z0-9-]+\.md$/;
const STATUS = /^Status: (Accepted|Proposed|Superseded by \d{3}|Rejected)\b/im;
const DATE = /^Date: \d{4}-\d{2}-\d{2}$/m;
const SUPERSEDES = /^Supersedes: (\d{3})/m;

const files = readdirSync(DIR).filter((name) => RECORD.test(name));
const numbers = new Set(files.map((name) => name.slice(0, 3)));
const problems = files.flatMap((name) => {
  const head = readFileSync(path.join(DIR, name), 'utf8').split('\n## ')[0] ?? '';
  const found: string[] = [];
  if (!STATUS.test(head)) found.push('no "Status: Accepted|Proposed|Superseded by NNN|Rejected" line under the title');
  if (!DATE.test(head)) found.push('no "Date: YYYY-MM-DD" line under the title');
  const replaced = SUPERSEDES.exec(head)?.[1];
  if (replaced && !numbers.has(replaced)) found.push(`supersedes ${replaced}, which does not exist`);
  return found.map((problem) => `docs/decisions/${name}: ${problem}`);
});

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`${files.length} decision records, each with a status and a date`);
