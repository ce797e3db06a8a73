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

/* The lock's protocol, and why at most one process wins a takeover: docs/architecture.md, "The PGlite folder lock". */
const UNREADABLE_RECORD_STALE_MS = 10_000;

interface OwnerRecord {
  token: string;
  pid: number;
  host: string;
  /** For the message, and for pid reuse without /proc. */
  processStart: string;
  /** Clock ticks from /proc/<pid>/stat (Linux), which tell a reused pid from its former owner. */
  linuxStart: string | null;
  acquiredAt: string;
  released?: boolean;
}

const linuxStartOf = (pid: number | 'self'): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the command name, which may hold spaces.
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

/** Only decidable on the same host. */
const holderIsGone = (record: OwnerRecord): boolean => {
  if (record.host !== hostname()) return false;
  if (record.pid === process.pid) {
    // Our own pid: this process, or an earlier one with the same pid (a container restarts the server as process 1).
    const sameProcess =
      record.linuxStart !== null && OWN_LINUX_START !== null
        ? record.linuxStart === OWN_LINUX_START
        : Math.abs(Date.parse(record.processStart) - PROCESS_START_MS) < 1_000;
    return !sameProcess;
  }
  try {
    process.kill(record.pid, 0);
  } catch (error) {
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
      const id = `unreadable${stat.ino}-${Math.round(stat.mtimeMs)}-${stat.size}`;
      const old = Date.now() - stat.mtimeMs >= UNREADABLE_RECORD_STALE_MS;
      return { state: old ? 'free' : 'held', id, owner: 'a server that is starting' };
    }
    return { state: record.released || holderIsGone(record) ? 'free' : 'held', id: record.token, owner: describe(record) };
  } finally {
    closeSync(fd);
  }
};

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

/** Its holder may publish files there (services/backup.ts); the next holder deletes them as left over. */
export const lockFolderOf = (dataDir: string) => `${dataDir}.lock`;

export const lockHolderPid = (dataDir: string): number | null => {
  let record: OwnerRecord | null;
  try {
    record = parseRecord(readFileSync(join(lockFolderOf(dataDir), 'owner'), 'utf8'));
  } catch {
    return null;
  }
  return record && !record.released && record.host === hostname() && !holderIsGone(record) ? record.pid : null;
};

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
    // Every other file is left over: markers for tokens no longer in `owner`, and temporary files of dead processes.
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
      // A server creating its record right now, or an older release's lock folder.
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
      removeQuietly(markerPath);
      continue;
    }
    replace(lockDir, ownerPath, record);
    return won();
  }
  throw new DataDirInUseError(dataDir, 'other servers are starting on it at the same moment');
};
