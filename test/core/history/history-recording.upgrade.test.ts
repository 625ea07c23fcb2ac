import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  HISTORY_DB_FILE,
  SCHEMA_V1,
  SCHEMA_VERSION,
  openHistoryDb,
} from '../../../src/main/core/history/history-db'
import { pollsOf } from '../../../src/main/core/history/history-blocks'
import { HistoryRecording, MAX_DELTAS_DURING_UPGRADE } from '../../../src/main/core/history/history-recording'
import { realClock } from '../../../src/main/core/clock'
import { type Delta, emptyAsset } from '../../../src/shared/domain'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * An older history.sqlite on the first start of a newer version: its migration (tens of seconds
 * for a year) is handed to another thread, so the thread that polls goes on; the deltas of those
 * seconds wait in memory and are written when the file is ready.
 */

/** Tuesday 2026-11-17 11:32 ET. */
const TUESDAY_11_32_ET = Date.UTC(2026, 10, 17, 16, 32)

const { tempDir } = cleanupAfterEach('tw-history-upgrade-')
let folder: string
beforeEach(() => {
  folder = tempDir()
})

const file = () => path.join(folder, HISTORY_DB_FILE)

function versionOne(): void {
  const v1 = new DatabaseSync(file())
  v1.exec(SCHEMA_V1)
  v1.exec("INSERT INTO symbols (symbol, since) VALUES ('AAPLon', 1000)")
  v1.prepare("INSERT INTO polls VALUES (1, ?, '235.1875', '234.80', '1.0')").run(TUESDAY_11_32_ET - 60_000)
  v1.close()
}

const userVersion = (): number => {
  const db = new DatabaseSync(file(), { readOnly: true })
  try {
    return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version
  } finally {
    db.close()
  }
}

const priced = (asOf: number, price: string): Delta => ({
  asOf,
  added: [{ ...emptyAsset('AAPLon'), price }],
  changed: [],
  removed: [],
})

/** An upgrade the test ends: it migrates the file itself, as the other thread would. */
function heldUpgrade() {
  const calls: string[] = []
  let finish: (error?: Error) => void = () => undefined
  const upgrade = (target: string) => {
    calls.push(target)
    return new Promise<string | null>((resolve, reject) => {
      finish = (error) => {
        if (error) return reject(error)
        openHistoryDb(target).db.close()
        resolve(null)
      }
    })
  }
  return { upgrade, calls, finish: (error?: Error) => finish(error) }
}

function recording(upgrade: ReturnType<typeof heldUpgrade>['upgrade']) {
  const notices: (string | null)[] = []
  // Market time fixed: the retention the opening runs judges the rows' age by this clock.
  const clock = { ...realClock, now: () => TUESDAY_11_32_ET + 5_000 }
  const rec: HistoryRecording = new HistoryRecording(clock, () => notices.push(rec.notice()), upgrade)
  return { rec, notices }
}

const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('an older history file on the first start', () => {
  it('is migrated elsewhere: start returns at once; the deltas meanwhile are written after', async () => {
    versionOne()
    const held = heldUpgrade()
    const { rec, notices } = recording(held.upgrade)
    rec.start(folder, [])
    // This thread did not migrate: the file is still version 1, the upgrade was asked for it.
    expect(userVersion()).toBe(1)
    expect(held.calls).toEqual([folder])
    expect(rec.notice()).toBe(
      'Upgrading the price history file; prices go on and are recorded when it is done.',
    )
    rec.recordDelta(priced(TUESDAY_11_32_ET, '235.2150'))
    rec.recordDelta(priced(TUESDAY_11_32_ET + 2_000, '235.2275'))
    expect(rec.read('AAPLon', 0).rows).toEqual([])

    held.finish()
    await settled()
    expect(rec.notice()).toBeNull()
    expect(notices).toEqual([
      'Upgrading the price history file; prices go on and are recorded when it is done.',
      null,
    ])
    rec.stop()
    const { db } = openHistoryDb(folder)
    expect(userVersion()).toBe(SCHEMA_VERSION)
    expect(pollsOf(db, 1, 0).map((poll) => poll.price)).toEqual(['235.1875', '235.2150', '235.2275'])
    db.close()
  })

  it('keeps at most MAX_DELTAS_DURING_UPGRADE deltas, the newest', async () => {
    versionOne()
    const held = heldUpgrade()
    const { rec } = recording(held.upgrade)
    rec.start(folder, [])
    const extra = 3
    for (let i = 0; i < MAX_DELTAS_DURING_UPGRADE + extra; i++)
      rec.recordDelta(priced(TUESDAY_11_32_ET + i * 1_000, `235.${String(1000 + i)}1`))
    held.finish()
    await settled()
    rec.stop()
    const { db } = openHistoryDb(folder)
    const polls = pollsOf(db, 1, TUESDAY_11_32_ET)
    expect(polls).toHaveLength(MAX_DELTAS_DURING_UPGRADE)
    expect(polls[0]).toMatchObject({
      t: TUESDAY_11_32_ET + extra * 1_000,
      price: `235.${String(1000 + extra)}1`,
    })
    db.close()
  })

  it('stopped while migrating: nothing is opened when the migration ends', async () => {
    versionOne()
    const held = heldUpgrade()
    const { rec } = recording(held.upgrade)
    rec.start(folder, [])
    rec.stop()
    rec.recordDelta(priced(TUESDAY_11_32_ET, '235.2150'))
    held.finish()
    await settled()
    expect(rec.notice()).toBeNull()
    expect(rec.read('AAPLon', 0).rows).toEqual([])
  })

  it('a migration that fails is said; the prices never depended on it', async () => {
    versionOne()
    const held = heldUpgrade()
    const { rec } = recording(held.upgrade)
    rec.start(folder, [])
    rec.recordDelta(priced(TUESDAY_11_32_ET, '235.2150'))
    held.finish(new Error('database or disk is full'))
    await settled()
    expect(rec.notice()).toBe(
      'Price history is not being recorded: history.sqlite could not be used (the disk is full).',
    )
    expect(rec.read('AAPLon', 0).rows).toEqual([])
    expect(userVersion()).toBe(1)
  })

  it('a current file, or none, opens at once on this thread', () => {
    const held = heldUpgrade()
    const { rec } = recording(held.upgrade)
    rec.start(folder, [])
    rec.recordDelta(priced(TUESDAY_11_32_ET, '235.2150'))
    rec.stop()
    rec.start(folder, [])
    expect(held.calls).toEqual([])
    expect(rec.notice()).toBeNull()
    expect(rec.read('AAPLon', 0).rows).toHaveLength(1)
    rec.stop()
  })
})
