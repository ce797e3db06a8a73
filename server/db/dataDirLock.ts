import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, owner: string) {
    super(
      `The data directory ${dataDir} is already in use by another server process (${owner}). Stop it first, or set DATA_DIR to another directory.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/*
 * The PGlite data directory lock.
 *
 * PGlite is one connection in one process: two servers on one directory would corrupt it. The
 * lock is the folder `<dataDir>.lock`, whose file `owner` names the holder: a random token,
 * pid, hostname and process start time. A holder is recognised as gone at once, without any
 * timeout, when it ran on this host and its pid no longer exists (or now belongs to a process
 * that started later); so a restart after `kill -9` proceeds immediately. Nothing is refreshed
 * on a timer: a holder whose event loop is blocked for seconds (PGlite's WASM on a busy
 * machine) keeps its lock, because liveness is the process's existence, not a heartbeat.
 * Only an owner record that cannot be read (torn or damaged) falls back to its age.
 *
 * Files in the folder are only ever created exclusively (`wx`, fails when the name exists) or
 * replaced with rename (atomic: a reader sees the old or the new record, never a mix), and
 * `owner` is never deleted once it exists: a clean stop replaces it with a "released" record.
 *
 * Taking over a record whose holder is gone (token T), when several processes restart at the
 * same moment: each one exclusively creates `takeover-T-1`. Only one create can succeed; the
 * others see it and, its creator being alive, report the folder in use. The creator then
 * re-reads `owner`: if it still holds T, it replaces it with its own record (rename) and wins.
 * At most one process wins, because:
 * - while `owner` holds T, only the creator of the newest takeover marker for T writes it, and
 *   markers for T are never deleted while `owner` holds T, so two live processes cannot both be
 *   the newest creator (a marker is created only after finding the one before it abandoned);
 * - a process that stalled between reading T and creating its marker, while others took over
 *   and later removed T's markers, fails the re-read (`owner` no longer holds T; tokens are
 *   never reused) and gives up;
 * - if a marker's creator dies before replacing `owner`, the next process finds that creator
 *   gone and creates `takeover-T-2`, and so on, so a crash at any step never blocks restarts.
 * The first `owner` (no record yet) is created exclusively, so of two first starts one wins.
 */

/** An owner record that cannot be parsed is treated as a start in progress for this long. */
const UNREADABLE_RECORD_STALE_MS = 10_000;

interface OwnerRecord {
  token: string;
  pid: number;
  host: string;
  /** When the process started (ISO time), for the message and for pid reuse without /proc. */
  processStart: string;
  /** The process's start time in clock ticks from /proc/<pid>/stat (Linux), or null. */
  linuxStart: string | null;
  acquiredAt: string;
  released?: boolean;
}

/** The start time of a process from /proc (Linux), which tells a reused pid from its former owner. */
const linuxStartOf = (pid: number | 'self'): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); fields are counted after the command name, which may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
};

const PROCESS_START_MS = Date.now() - process.uptime() * 1_000;
const OWN_LINUX_START = linuxStartOf('self');

const parseRecord = (raw: string): OwnerRecord | null => {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Partial<OwnerRecord>;
    const valid =
      typeof record.token === 'string' &&
      /^[\w-]+$/.test(record.token) &&
      Number.isSafeInteger(record.pid) &&
      (record.pid ?? 0) > 0 &&
      typeof record.host === 'string' &&
      typeof record.processStart === 'string' &&
      (record.linuxStart === null || typeof record.linuxStart === 'string');
    return valid ? (record as OwnerRecord) : null;
  } catch {
    return null;
  }
};

/** Whether the process that wrote the record has gone (only decidable on the same host). */
const holderIsGone = (record: OwnerRecord): boolean => {
  if (record.host !== hostname()) return false;
  if (record.pid === process.pid) {
    // Our own pid: this process (still holding it) or an earlier one that had the same pid,
    // as happens when a container restarts and the server is again process 1.
    const sameProcess =
      record.linuxStart !== null && OWN_LINUX_START !== null
        ? record.linuxStart === OWN_LINUX_START
        : Math.abs(Date.parse(record.processStart) - PROCESS_START_MS) < 1_000;
    return !sameProcess;
  }
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    // ESRCH: no such process. EPERM means it exists under another user: alive.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  const start = linuxStartOf(record.pid);
  return record.linuxStart !== null && start !== null && start !== record.linuxStart;
};

const describe = (record: OwnerRecord): string => {
  const where = `pid ${record.pid} on ${record.host === hostname() ? 'this host' : `host ${record.host}`}, since ${record.acquiredAt}`;
  return record.host === hostname()
    ? where
    : `${where}; if that server is surely stopped, delete the .lock folder beside the data directory`;
};

type Seen = { state: 'absent' } | { state: 'free' | 'held'; id: string; owner: string };

/** Reads a record file: absent, free (released, or its holder is gone), or held. */
const inspect = (path: string): Seen => {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'absent' };
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    const record = parseRecord(readFileSync(fd, 'utf8'));
    if (!record) {
      // Being written by an exclusive create right now, or damaged: judged by its age.
      const id = `unreadable${stat.ino}-${Math.round(stat.mtimeMs)}-${stat.size}`;
      const old = Date.now() - stat.mtimeMs >= UNREADABLE_RECORD_STALE_MS;
      return { state: old ? 'free' : 'held', id, owner: 'a server that is starting' };
    }
    return { state: record.released || holderIsGone(record) ? 'free' : 'held', id: record.token, owner: describe(record) };
  } finally {
    closeSync(fd);
  }
};

/** Creates `path` only if no file has that name; false when one does. */
const createExclusive = (path: string, record: OwnerRecord): boolean => {
  try {
    writeFileSync(path, JSON.stringify(record), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
};

const replace = (lockDir: string, path: string, record: OwnerRecord) => {
  const temporary = join(lockDir, `${record.token}.tmp`);
  writeFileSync(temporary, JSON.stringify(record));
  renameSync(temporary, path);
};

const removeQuietly = (path: string) => {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
};

/**
 * The lock folder beside a data directory. Its holder may publish files of its own there after
 * winning (services/backup.ts): the next holder deletes them as left over when it wins.
 */
export const lockFolderOf = (dataDir: string) => `${dataDir}.lock`;

/** The pid of the live process holding a data directory's lock on this host, or null. */
export const lockHolderPid = (dataDir: string): number | null => {
  let record: OwnerRecord | null;
  try {
    record = parseRecord(readFileSync(join(lockFolderOf(dataDir), 'owner'), 'utf8'));
  } catch {
    return null;
  }
  return record && !record.released && record.host === hostname() && !holderIsGone(record) ? record.pid : null;
};

/**
 * Locks a PGlite data directory for this process (see the comment above), or throws
 * DataDirInUseError naming the live holder. The returned function releases the lock.
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  const lockDir = lockFolderOf(dataDir);
  const ownerPath = join(lockDir, 'owner');
  let createdFolder = false;
  try {
    mkdirSync(lockDir);
    createdFolder = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const record: OwnerRecord = {
    token: randomUUID(),
    pid: process.pid,
    host: hostname(),
    processStart: new Date(PROCESS_START_MS).toISOString(),
    linuxStart: OWN_LINUX_START,
    acquiredAt: new Date().toISOString(),
  };

  const won = () => {
    // Every other file is left over: markers for tokens that are no longer in `owner` (safe to
    // delete, see above) and temporary files of processes that died before their rename.
    for (const name of readdirSync(lockDir)) if (name !== 'owner') removeQuietly(join(lockDir, name));
    return () => {
      const now = inspect(ownerPath);
      if (now.state !== 'absent' && now.id === record.token) {
        replace(lockDir, ownerPath, { ...record, token: randomUUID(), released: true });
      }
    };
  };

  for (let attempt = 0; attempt < 5; attempt += 1) {
    const seen = inspect(ownerPath);
    if (seen.state === 'absent') {
      // An empty folder someone else made moments ago: a server creating its record right
      // now, or an older release's lock folder (it kept its time fresh while held).
      if (!createdFolder && Date.now() - statSync(lockDir).mtimeMs < UNREADABLE_RECORD_STALE_MS) {
        throw new DataDirInUseError(dataDir, 'a server that is starting');
      }
      if (createExclusive(ownerPath, record)) return won();
      createdFolder = false;
      continue;
    }
    if (seen.state === 'held') throw new DataDirInUseError(dataDir, seen.owner);

    let marker = 1;
    for (; ; marker += 1) {
      const taking = inspect(join(lockDir, `takeover-${seen.id}-${marker}`));
      if (taking.state === 'absent') break;
      if (taking.state === 'held') throw new DataDirInUseError(dataDir, taking.owner);
    }
    const markerPath = join(lockDir, `takeover-${seen.id}-${marker}`);
    if (!createExclusive(markerPath, record)) continue;
    const now = inspect(ownerPath);
    if (now.state === 'absent' || now.id !== seen.id) {
      // Someone else took over since we read the record: our marker is for an old token.
      removeQuietly(markerPath);
      continue;
    }
    replace(lockDir, ownerPath, record);
    return won();
  }
  throw new DataDirInUseError(dataDir, 'other servers are starting on it at the same moment');
};
