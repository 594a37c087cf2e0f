import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** The CLI as an operator runs it, in a process of its own; its exit code, stdout and stderr. */
async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: SERVER_ROOT,
      env: { ...process.env, DATA_DIR: '/nonexistent/cbm-cli-test' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

it('prints the usage on --help and -h, without opening a database', { timeout: 120_000 }, async () => {
  for (const flag of ['--help', '-h']) {
    const { code, stdout } = await cli(flag);
    expect(code, flag).toBe(0);
    expect(stdout).toMatch(/^Usage: npm run cli -- <command> \[options\]/);
  }
});

it('names an unknown option and shows the usage, exit code 2', { timeout: 120_000 }, async () => {
  const { code, stderr } = await cli('--nonsense');
  expect(code).toBe(2);
  expect(stderr).toContain("Unknown option '--nonsense'");
  expect(stderr).toContain('Usage: npm run cli');
});
