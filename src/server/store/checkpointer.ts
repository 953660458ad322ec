/**
 * A thread that copies SQLite's write-ahead log back into the database file (a WAL
 * checkpoint) every second through its own connection. Left to SQLite, a checkpoint
 * runs inside whichever commit crosses the threshold, and stalls the event loop for tens
 * of milliseconds while it syncs the file; here it happens beside the server instead.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file as string);
db.pragma('busy_timeout = 1000');
// PASSIVE never waits for, or blocks, the server's writes and reads.
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs as number);

parentPort!.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  parentPort!.postMessage('stopped');
});
