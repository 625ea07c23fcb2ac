import { openHistoryDb } from '../../../src/main/core/history/history-db'

/**
 * An opener for history-db.test.ts's race: says "ready", waits for a line on stdin (the test
 * sends it to every opener at once), opens the file as the app's writer does and prints "opened"
 * or the error.
 */

const folder = process.argv[2] as string
process.stdout.write('ready\n')
process.stdin.once('data', () => {
  try {
    openHistoryDb(folder).db.close()
    process.stdout.write('opened\n')
  } catch (error) {
    process.stdout.write(`failed: ${error instanceof Error ? error.message : String(error)}\n`)
  }
  process.exit(0)
})
