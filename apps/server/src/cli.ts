import path from 'node:path';
import { parseArgs } from 'node:util';
import { featureSchema } from '@cbm/contracts/features';
import { sitePermissionSchema } from '@cbm/contracts/site-permissions';
import { ConfigError, loadConfig } from './config';
import { backupDatabase, restoreDatabase } from './db/backup';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { batteriesOfSite } from './modules/battery-days/battery-days-service';
import { DEVICE_USAGE, runDeviceCommand } from './modules/device-registry/device-cli';
import { hashPassword } from './modules/identity/passwords';
import { passwordProblem, peopleService } from './modules/people/people-service';
import { recomputeRollups } from './modules/rollups/recompute';
import { userRepository } from './modules/users/user-repository';

const USAGE = `Usage: npm run cli -- <command> [options]
  user add --email E --password P [--first-name F] [--last-name L]
  user password --email E --password P        set a new password; signs the user out everywhere
  user disable --email E                        the user cannot sign in; every session ends at once
  user enable --email E                         the user may sign in again
  user features --email E FEATURE...            grant features (${featureSchema.options.join(', ')})
  user site --email E --site ID [--feature F]   grant access to a site node and all sites below it
  user permissions --email E --site ID PERMISSION...   grant per-site permissions (${sitePermissionSchema.options.join(', ')})
  sites                                          list the site tree with ids
  backup FILE                                    the whole database into FILE: pg_dump custom format with
                                                 DATABASE_URL, else PGlite's DATA_DIR (stop the server first)
  restore FILE                                   a backup into an empty database (DATABASE_URL or DATA_DIR)
  rollups recompute --site ID --from DATE --to DATE   redo the site's batteries' roll-ups for these
                                                 local dates (YYYY-MM-DD) from the raw samples
${DEVICE_USAGE}`;

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string', default: '' },
  'last-name': { type: 'string', default: '' },
  site: { type: 'string' },
  feature: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  class: { type: 'string' },
  serial: { type: 'string' },
  type: { type: 'string' },
  'cert-fingerprint': { type: 'string' },
  file: { type: 'string' },
  'password-file': { type: 'string' },
  'acl-file': { type: 'string' },
  'dynsec-file': { type: 'string' },
  dynsec: { type: 'boolean' },
  pid: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The arguments, or the usage: on --help to stdout (exit 0), after an unknown option to stderr (exit 2). */
function parseCommandLine() {
  try {
    const parsed = parseArgs({ allowPositionals: true, options: OPTIONS });
    if (!parsed.values.help) return parsed;
    console.log(USAGE);
    process.exit(0);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    process.exit(2);
  }
}

const { values, positionals } = parseCommandLine();

async function userId(db: Database, email: string | undefined): Promise<number> {
  const user = email && (await userRepository(db).findByEmail(email));
  if (!user) throw new ConfigError(`No user with e-mail ${email ?? '(missing --email)'}`);
  return user.id;
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new ConfigError(`--${name} is required\n\n${USAGE}`);
  return value;
}

/** The password of --password when it follows the rule of the Users page (decision 037). */
function newPassword(): string {
  const password = required(values.password, 'password');
  const problem = passwordProblem(password);
  if (problem) throw new ConfigError(`--password: ${problem}`);
  return password;
}

function isoDate(value: string): string {
  const parsed = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== value) {
    throw new ConfigError(`Not a date (YYYY-MM-DD): ${value}`);
  }
  return value;
}

async function run(db: Database, [command, sub, ...rest]: string[]) {
  const users = userRepository(db);
  if (command === 'sites') {
    const rows = await db.query<{ id: number; parent_id: number | null; name: string; type: string }>(
      'SELECT id, parent_id, name, type FROM site_node ORDER BY id',
    );
    for (const row of rows) console.log(`${row.id}\t${row.type}\t${row.name}\t(parent ${row.parent_id ?? '-'})`);
    return;
  }
  if (command === 'rollups' && sub === 'recompute') {
    const range = {
      serialNumbers: await batteriesOfSite(db, Number(required(values.site, 'site'))),
      fromDate: isoDate(required(values.from, 'from')),
      toDate: isoDate(required(values.to, 'to')),
    };
    const summary = await recomputeRollups(db, range);
    return console.log(
      `Recomputed ${summary.batteries} batteries: ${summary.days} days, ${summary.sessions} sessions.`,
    );
  }
  if (command === 'devices') {
    const urls = {
      platformUrl: process.env.MQTT_URL,
      dynsecUrl: process.env.MQTT_DYNSEC_URL,
      rabbitmqManagementUrls: loadConfig(process.env).rabbitmq?.managementUrls,
    };
    return runDeviceCommand(db, sub, values, urls);
  }
  if (command !== 'user') throw new ConfigError(USAGE);
  switch (sub) {
    case 'add': {
      const id = await users.create({
        email: required(values.email, 'email'),
        passwordHash: await hashPassword(newPassword()),
        firstName: values['first-name'] ?? '',
        lastName: values['last-name'] ?? '',
      });
      return console.log(`User ${values.email} created (id ${id}).`);
    }
    case 'password':
      await users.setPassword(await userId(db, values.email), await hashPassword(newPassword()));
      return console.log('Password changed; every session of the user has ended.');
    case 'disable':
      await peopleService(db).disable(await userId(db, values.email));
      return console.log(`Disabled ${values.email}; every session of the user has ended.`);
    case 'enable':
      await peopleService(db).enable(await userId(db, values.email));
      return console.log(`Enabled ${values.email}.`);
    case 'features':
      await users.grantFeatures(
        await userId(db, values.email),
        rest.map((name) => featureSchema.parse(name)),
      );
      return console.log(`Granted ${rest.join(', ')}.`);
    case 'site':
      await users.grantSite(
        await userId(db, values.email),
        Number(required(values.site, 'site')),
        values.feature ? featureSchema.parse(values.feature) : null,
      );
      return console.log(`Granted site ${values.site}.`);
    case 'permissions':
      await users.grantPermissions(
        await userId(db, values.email),
        Number(required(values.site, 'site')),
        rest.map((name) => sitePermissionSchema.parse(name)),
      );
      return console.log(`Granted ${rest.join(', ')} at site ${values.site}.`);
    default:
      throw new ConfigError(USAGE);
  }
}

/** backup and restore work on the database as a whole: they open it themselves, unmigrated. */
async function runWholeDatabase(command: 'backup' | 'restore', file: string | undefined) {
  const config = loadConfig(process.env);
  const target = path.resolve(required(file, 'file (the backup file, after the command)'));
  console.log(command === 'backup' ? await backupDatabase(config, target) : await restoreDatabase(config, target));
}

const [command, argument] = positionals;
if (command === 'backup' || command === 'restore') {
  await runWholeDatabase(command, argument ?? values.file).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
} else {
  const db = await openDatabase(loadConfig(process.env)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  try {
    await run(db, positionals);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}
