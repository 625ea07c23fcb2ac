import { openHistoryDb } from '../../../src/main/core/history/history-db'

/**
 * A writer for history-db.test.ts to kill: commits one transaction of polls, then opens a
 * second, writes into it, says "mid" and waits inside it until it is killed.
 */

const folder = process.argv[2] as string
const { db } = openHistoryDb(folder)
// A small page cache: the open transaction spills its pages to disk before it commits.
db.exec('PRAGMA cache_size = 16')
db.exec("INSERT INTO symbols (symbol, since) VALUES ('AAPLon', 0)")
const insert = db.prepare('INSERT INTO polls (symbol, t, price, underlying) VALUES (1, ?, ?, ?)')
db.exec('BEGIN IMMEDIATE')
for (let i = 0; i < 1_000; i++) insert.run(i, '100.5', '100.25')
db.exec('COMMIT')
db.exec('BEGIN IMMEDIATE')
for (let i = 1_000; i < 50_000; i++) insert.run(i, '101.5', '101.25')
process.stdout.write('mid\n')
setInterval(() => undefined, 1_000)
