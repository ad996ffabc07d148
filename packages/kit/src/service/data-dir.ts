import { mkdirSync, statSync } from 'node:fs';
import type { Logger } from 'pino';

/** Permission bits that let other users of the machine in (group and others). */
const OPEN_TO_OTHERS = 0o077;

/**
 * The all-in-one's DATA_DIR holds the database, paid course files, receipts, certificates,
 * identity's signing keys and mail: only its owner may enter it. A new folder is made 0700;
 * an existing one that others can enter is left as the operator made it, with a warning
 * saying how to close it (changing an operator's folder behind their back would surprise more).
 */
export function preparePrivateDataDir(dataDir: string, logger: Pick<Logger, 'warn'>): { openToOthers: boolean } {
  let mode: number | null = null;
  try {
    mode = statSync(dataDir).mode & 0o777;
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return { openToOthers: false };
  }
  const openToOthers = (mode & OPEN_TO_OTHERS) !== 0;
  if (openToOthers) {
    logger.warn(
      { dataDir, mode: `0${mode.toString(8)}` },
      `DATA_DIR is open to other users of this machine (paid files, receipts, the database): run chmod -R go-rwx ${dataDir}`,
    );
  }
  return { openToOthers };
}
