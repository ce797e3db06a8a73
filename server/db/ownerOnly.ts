import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * The data folder, the emulator's accounts, backups and restored folders hold every transcript
 * and email: the owner's alone (folders 0700, files 0600), whatever the umask they were made
 * under (PGlite asks for 0666).
 */

/** From now on this process (and what it starts) creates files for its owner alone. */
export const ownerOnlyUmask = (): void => {
  if (isMainThread) process.umask(0o077);
};

/** Folders 0700 and files 0600, `path` and everything under it; links are left alone. */
export const makeOwnerOnly = (path: string): void => {
  if (!existsSync(path)) return;
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    for (const name of readdirSync(path)) makeOwnerOnly(join(path, name));
  } else if ((stat.mode & 0o777) !== 0o600) chmodSync(path, 0o600);
};
