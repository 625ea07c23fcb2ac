import { Worker, type MessagePort } from 'node:worker_threads'
import { openHistoryDb } from './history-db'

/**
 * Migrating an older history.sqlite takes tens of seconds for a year of prices (its polls are
 * packed, then the file is compacted). Done on the thread that polls, no price would move for
 * that long and every one would turn stale: the app's poll worker hands the migration to a
 * short-lived thread of its own and goes on polling (HistoryRecording waits for it).
 */

/** What the poll worker's entry is given, as workerData, when it is started to migrate. */
export interface HistoryUpgradeJob {
  role: 'upgrade-history'
  folder: string
}

export function isHistoryUpgradeJob(data: unknown): data is HistoryUpgradeJob {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { role?: unknown }).role === 'upgrade-history' &&
    typeof (data as { folder?: unknown }).folder === 'string'
  )
}

/** The answer of the migrating thread: the damaged file it set aside, if any, or why it failed. */
type UpgradeAnswer = { setAside: string | null } | { failed: string }

/** The migrating thread's side: open (migrating) and close at once; the poll worker opens it after. */
export function runHistoryUpgrade(job: HistoryUpgradeJob, port: Pick<MessagePort, 'postMessage'>): void {
  let answer: UpgradeAnswer
  try {
    const opened = openHistoryDb(job.folder)
    opened.db.close()
    answer = { setAside: opened.setAside }
  } catch (error) {
    answer = { failed: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(answer)
}

/**
 * Migrates the file in a folder on a new thread running `script` (the poll worker's own entry,
 * which serves `runHistoryUpgrade` when given a HistoryUpgradeJob). Resolves with the damaged
 * file set aside, if any; rejects with the migration's error.
 */
export function upgradeOnThread(script: string): (folder: string) => Promise<string | null> {
  return (folder) =>
    new Promise((resolve, reject) => {
      const job: HistoryUpgradeJob = { role: 'upgrade-history', folder }
      const worker = new Worker(script, { workerData: job })
      let answered = false
      worker.once('message', (answer: UpgradeAnswer) => {
        answered = true
        if ('failed' in answer) reject(new Error(answer.failed))
        else resolve(answer.setAside)
      })
      worker.once('error', reject)
      worker.once('exit', (code) => {
        if (!answered)
          reject(new Error(`the history upgrade thread ended (exit code ${code}) without an answer`))
      })
    })
}
