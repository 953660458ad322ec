/**
 * A thread that copies SQLite's write-ahead log back into the database file (a WAL
 * checkpoint) every second through its own connection. Left to SQLite, a checkpoint
 * runs inside whichever commit crosses the threshold, and stalls the event loop for tens
 * of milliseconds while it syncs the file; here it happens beside the server instead.
 * When a burst has grown the log file past its limit, a TRUNCATE checkpoint cuts it back
 * once everything in it is copied (then it has nothing to copy, so it is quick).
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file as string);
db.pragma('busy_timeout = 1000');
const wal = `${workerData.file as string}-wal`;
const limit = workerData.walLimitBytes as number;

function checkpoint(): void {
  // PASSIVE never waits for, or blocks, the server's writes and reads.
  const [done] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
  if (
    done.busy === 0 &&
    done.log === done.checkpointed &&
    (fs.statSync(wal, { throwIfNoEntry: false })?.size ?? 0) > limit
  )
    db.pragma('wal_checkpoint(TRUNCATE)');
}

const timer = setInterval(checkpoint, workerData.everyMs as number);

parentPort!.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  parentPort!.postMessage('stopped');
});
