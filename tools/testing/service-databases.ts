/**
 * One database role per service (issue 22), on a test database: what a platform team does with
 * deploy/service-database.sql, done here for every service of the registry with a database. The
 * roles are those tools/infra/up makes (taal_<service>, its name as its password); each gets its
 * own schema in the given database, and the URL it connects with.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { services } from '../../packages/launcher/src/registry';

const sqlFile = path.resolve(__dirname, '../../deploy/service-database.sql');

/** The services of the registry that have a database (`needs.sql`). */
export const servicesWithDatabase = services.filter((s) => s.needs.sql).map((s) => s.name);

/** Gives each service its role's schema in the database at `adminUrl`; returns each one's own DATABASE_URL. */
export async function serviceDatabaseUrls(adminUrl: string): Promise<Record<string, string>> {
  const urls: Record<string, string> = {};
  for (const service of servicesWithDatabase) {
    const role = `taal_${service}`;
    await promisify(execFile)('psql', ['-X', '-q', adminUrl, '-v', `service=${service}`, '-v', `password=${role}`, '-f', sqlFile], {
      env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' },
    });
    const url = new URL(adminUrl);
    url.username = role;
    url.password = role;
    urls[service] = url.toString();
  }
  return urls;
}
