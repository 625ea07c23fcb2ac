import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  HISTORY_DB_FILE,
  SCHEMA_V1,
  SCHEMA_VERSION,
  openHistoryDbToRead,
} from '../../../src/main/core/history/history-db'
import {
  isHistoryUpgradeJob,
  runHistoryUpgrade,
  upgradeOnThread,
} from '../../../src/main/core/history/history-upgrade'
import { pollsOf } from '../../../src/main/core/history/history-blocks'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * The migration handed to a thread of its own: which worker data asks for it, the migrating
 * thread's answer (migrated, a damaged file set aside, a failure in words), and the poll
 * worker's side of it on a stand-in thread (history-upgrade.worker.mjs): an answer, a failure,
 * a thread that ends without a word or throws.
 */

const WORKER = path.join(__dirname, 'history-upgrade.worker.mjs')

const { tempDir } = cleanupAfterEach('tw-history-upgrade-thread-')
let folder: string
beforeEach(() => {
  folder = tempDir()
})

const file = () => path.join(folder, HISTORY_DB_FILE)

/** The answers runHistoryUpgrade posts. */
function posted() {
  const answers: unknown[] = []
  return { answers, port: { postMessage: (answer: unknown) => answers.push(answer) } }
}

describe('which worker data asks for a migration', () => {
  it('only an object with the role upgrade-history and a folder as text', () => {
    expect(isHistoryUpgradeJob({ role: 'upgrade-history', folder: '/home/ada/.config/Tokenwatch' })).toBe(
      true,
    )
    expect(isHistoryUpgradeJob({ role: 'upgrade-history', folder: '' })).toBe(true)
    for (const data of [
      undefined,
      null,
      'upgrade-history',
      { role: 'poll', folder: '/home/ada' },
      { role: 'upgrade-history' },
      { role: 'upgrade-history', folder: 7 },
      { folder: '/home/ada' },
    ])
      expect([data, isHistoryUpgradeJob(data)]).toEqual([data, false])
  })
})

describe("the migrating thread's side", () => {
  it('migrates a version-1 file, closes it, and answers that nothing was set aside', () => {
    const v1 = new DatabaseSync(file())
    v1.exec(SCHEMA_V1)
    v1.exec("INSERT INTO symbols (symbol, since) VALUES ('LLYon', 1000)")
    v1.exec("INSERT INTO polls VALUES (1, 1000, '760.10', '760.00', '1.0')")
    v1.close()
    const { answers, port } = posted()
    runHistoryUpgrade({ role: 'upgrade-history', folder }, port)
    expect(answers).toEqual([{ setAside: null }])
    // Closed: the file can be moved away, and opened again as a current one.
    const db = openHistoryDbToRead(folder)
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    expect(pollsOf(db, 1, 0)).toEqual([{ t: 1000, price: '760.10', underlying: '760.00' }])
    db.close()
  })

  it('a damaged file: answers where it was set aside', () => {
    writeFileSync(file(), 'not a database, a text file of some length '.repeat(100))
    const { answers, port } = posted()
    runHistoryUpgrade({ role: 'upgrade-history', folder }, port)
    expect(answers).toHaveLength(1)
    const { setAside } = answers[0] as { setAside: string }
    expect(setAside.startsWith(`${file()}.corrupt-`)).toBe(true)
    expect(existsSync(setAside)).toBe(true)
  })

  it('a file it cannot migrate: answers why, in words', () => {
    const newer = new DatabaseSync(file())
    newer.exec('CREATE TABLE future (x); PRAGMA user_version = 9;')
    newer.close()
    const { answers, port } = posted()
    runHistoryUpgrade({ role: 'upgrade-history', folder }, port)
    expect(answers).toEqual([{ failed: `schema version 9; this one knows ${SCHEMA_VERSION}` }])
  })
})

describe("the poll worker's side, on a stand-in thread", () => {
  const upgrade = upgradeOnThread(WORKER)

  it('starts the script with the job for the folder and resolves with its answer', async () => {
    const asked = path.join(folder, 'answer')
    expect(JSON.parse((await upgrade(asked)) as string)).toEqual({ role: 'upgrade-history', folder: asked })
    await expect(upgrade(path.join(folder, 'clean'))).resolves.toBeNull()
  })

  it("rejects with the thread's failure, or its error", async () => {
    await expect(upgrade(path.join(folder, 'failed'))).rejects.toThrow(/^the disk is full \(stand-in\)$/)
    await expect(upgrade(path.join(folder, 'throws'))).rejects.toThrow(/^the stand-in thread broke$/)
  })

  it('rejects when the thread ends without an answer, saying its exit code', async () => {
    await expect(upgrade(path.join(folder, 'silent'))).rejects.toThrow(
      /^the history upgrade thread ended \(exit code 3\) without an answer$/,
    )
  })
})
