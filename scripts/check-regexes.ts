import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';

/**
 * `npm run check:regexes` (decision 024): every regular expression in the server's and the contracts' source (tests
 * left out) is analysed by recheck; one that can backtrack super-linearly (polynomial or exponential in the input's
 * length) or that recheck cannot decide fails the step with an attack string. Request input reaches these through
 * routes, schemas and parsers, so all of them are checked rather than a list that could miss one.
 * Folders or files to check may be given as arguments.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['apps/server/src', 'packages/contracts/src'];

interface Found {
  file: string;
  line: number;
  source: string;
  flags: string;
}

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function filesUnder(target: string): string[] {
  if (isSource(target)) return [target];
  return readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Regular-expression literals and `new RegExp('…')` / `RegExp('…')` with literal arguments. */
function regexesIn(file: string): Found[] {
  const text = readFileSync(file, 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const add = (node: ts.Node, source: string, flags: string) => {
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push({ file: path.relative(ROOT, file), line, source, flags });
  };
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      add(node, node.text.slice(1, end), node.text.slice(end + 1));
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern)) {
        add(node, pattern.text, flags && ts.isStringLiteralLike(flags) ? flags.text : '');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const targets = process.argv.length > 2 ? process.argv.slice(2) : SOURCES.map((folder) => path.join(ROOT, folder));
const regexes = targets.flatMap((target) => filesUnder(path.resolve(target))).flatMap(regexesIn);
const problems: string[] = [];
for (const regex of regexes) {
  const result = await check(regex.source, regex.flags, { timeout: 10_000 });
  const where = `${regex.file}:${regex.line} /${regex.source}/${regex.flags}`;
  if (result.status === 'vulnerable') {
    const attack = result.attack.pattern;
    problems.push(`${where}\n  backtracks in ${result.complexity.summary} time, e.g. on ${attack}`);
  } else if (result.status === 'unknown') {
    problems.push(`${where}\n  recheck could not decide (${result.error.kind}): simplify it or parse without it`);
  }
}
if (problems.length > 0) {
  console.error(`Regular expressions that can take super-linear time (decision 024):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `Regular expressions OK: ${regexes.length} in ${targets.length} source folders, none backtracks super-linearly.`,
);
