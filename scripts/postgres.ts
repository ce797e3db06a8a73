import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort';

export interface ThrowawayPostgres {
  /** Connection string of the cluster's `postgres` database (superuser, trust auth). */
  url: string;
  stop(): Promise<void>;
}

const binary = (name: string) => {
  const onPath = spawnSync('which', [name], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const debian = `/usr/lib/postgresql/15/bin/${name}`;
  if (existsSync(debian)) return debian;
  throw new Error(`PostgreSQL's ${name} was not found on PATH or in /usr/lib/postgresql/15/bin`);
};

/**
 * initdb + pg_ctl a throwaway cluster on 127.0.0.1 and a free port (the api tests and
 * `npm run bench -- --postgres`). PostgreSQL refuses to run as root, so as root the cluster
 * belongs to the `postgres` user and runs through runuser. stop() stops it and removes its
 * folder; a failed start removes the folder too.
 */
export const startPostgres = async (): Promise<ThrowawayPostgres> => {
  const dir = mkdtempSync(join(tmpdir(), 'salescoach-pg-'));
  const asRoot = userInfo().uid === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
      : execFileSync(command, args, { stdio: 'pipe' });
  const dataDir = join(dir, 'data');
  let pgCtl: string;
  let port: number;
  try {
    if (asRoot) {
      const { uid, gid } = postgresIds();
      chownSync(dir, uid, gid);
    }
    port = await freePort();
    run(binary('initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    pgCtl = binary('pg_ctl');
    run(pgCtl, ['-D', dataDir, '-l', join(dir, 'log'), '-w', '-o', `-k ${dir} -h 127.0.0.1 -p ${port} -F`, 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped: Promise<void> | null = null;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () =>
      (stopped ??= (async () => {
        try {
          run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      })()),
  };
};

const postgresIds = () => ({
  uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
  gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
});
