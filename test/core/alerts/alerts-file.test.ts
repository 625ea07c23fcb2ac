import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import {
  ALERT_LOG_FILE_NAME,
  AlertLog,
  ALERTS_FILE_NAME,
  AlertsFile,
} from '../../../src/main/core/alerts/alerts-file'
import { RefusedChange } from '../../../src/main/core/storage/refused-change'
import { MAX_LOG_ENTRIES } from '../../../src/shared/alert-limits'
import type { AlertFiring } from '../../../src/shared/alerts'
import { MAX_ALERTS } from '../../../src/shared/alert-limits'
import { failFsCall, makeTempDir } from '../storage/storage-helpers'
import { makeAlert, T0 } from './alert-fixtures'

/** The saved alerts and the alert log, on disk in a temporary user data folder. */

function storeIn(dir: string) {
  let ids = 0
  return new AlertsFile(dir, { now: () => T0, newId: () => `id${++ids}` })
}

const aboveInput = { symbol: 'AAPLon', condition: { kind: 'price-above', level: '200' } }
const belowInput = { symbol: 'TSLAon', condition: { kind: 'price-below', level: '150.5' }, sound: true }

async function rejection(promise: Promise<unknown>): Promise<RefusedChange> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof RefusedChange)) throw new Error(`expected an RefusedChange, got ${String(error)}`)
  return error
}

describe('AlertsFile', () => {
  it('saves every change to alerts.json and reads it back in a new process', async () => {
    const dir = makeTempDir('tw-alerts-')
    const store = storeIn(dir)
    // Nothing loaded yet is no alert.
    expect(store.list()).toEqual([])
    expect(await store.load()).toEqual([])

    await store.create(aboveInput)
    await store.create(belowInput)
    await store.update('id1', {
      ...aboveInput,
      condition: { kind: 'price-above', level: '210' },
      note: 'breakout',
    })
    await store.setEnabled('id2', false)
    const saved = await store.create({ symbol: 'NVDAon', condition: { kind: 'stale', minutes: 15 } })
    const removed = await store.remove('id3')

    expect(removed).toEqual(saved.slice(0, 2))
    expect(removed).toMatchObject([
      {
        id: 'id1',
        createdAt: T0,
        enabled: true,
        note: 'breakout',
        condition: { level: '210', rearmBand: '0.25' },
      },
      { id: 'id2', symbol: 'TSLAon', enabled: false, sound: true },
    ])
    const reopened = storeIn(dir)
    expect(await reopened.load()).toEqual(removed)
    expect(reopened.list()).toEqual(removed)
    expect(reopened.problem()).toBeNull()
    expect(JSON.parse(readFileSync(path.join(dir, ALERTS_FILE_NAME), 'utf8'))).toEqual({
      version: 1,
      alerts: removed,
    })
  })

  it('refuses bad input with a message and the invalid-argument code, saving nothing', async () => {
    const dir = makeTempDir('tw-alerts-')
    const store = storeIn(dir)
    const error = await rejection(
      store.create({ ...aboveInput, condition: { kind: 'price-above', level: 'abc' } }),
    )
    expect(error.code).toBe('invalid-argument')
    expect(error.message).toBe(
      'Alert not saved: condition.level: The price level must be a number such as 200.50',
    )
    expect(existsSync(path.join(dir, ALERTS_FILE_NAME))).toBe(false)
    expect(store.problem()).toBeNull()
  })

  it('answers not-found for an alert that does not exist', async () => {
    const store = storeIn(makeTempDir('tw-alerts-'))
    await store.create(aboveInput)
    // Thunks, so each call starts only when awaited (no rejection is left unhandled meanwhile).
    for (const attempt of [
      () => store.update('nope', aboveInput),
      () => store.setEnabled('nope', true),
      () => store.remove('nope'),
    ]) {
      expect(await rejection(attempt())).toMatchObject({
        code: 'not-found',
        message: 'That alert no longer exists',
      })
    }
  })

  it(`stops at ${MAX_ALERTS} alerts`, async () => {
    const dir = makeTempDir('tw-alerts-')
    const alert = makeAlert({ kind: 'price-above', level: '1' })
    const full = Array.from({ length: MAX_ALERTS }, (_, i) => ({ ...alert, id: `a${i}` }))
    writeFileSync(path.join(dir, ALERTS_FILE_NAME), JSON.stringify({ version: 1, alerts: full }))
    const store = storeIn(dir)
    expect(await store.load()).toHaveLength(MAX_ALERTS)
    expect(await rejection(store.create(aboveInput))).toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/500 alerts, the most there can be/),
    })
  })

  it('moves a corrupt file aside, says so, starts empty and saves afresh', async () => {
    const dir = makeTempDir('tw-alerts-')
    const file = path.join(dir, ALERTS_FILE_NAME)
    writeFileSync(file, '{"version": 1, "alerts": [{"id": "x", "level": 1e999')
    const store = storeIn(dir)

    expect(await store.load()).toEqual([])
    const aside = readdirSync(dir).filter((name) => name.startsWith(`${ALERTS_FILE_NAME}.corrupt-`))
    expect(aside).toHaveLength(1)
    expect(store.problem()).toBe(
      `Your alerts file was unreadable and was moved aside to ${path.join(dir, aside[0] as string)}` +
        `; it starts empty.`,
    )

    await store.create(aboveInput)
    expect(await storeIn(dir).load()).toHaveLength(1)
  })

  it('says a failed save in plain words until a save succeeds', async () => {
    const store = storeIn(makeTempDir('tw-alerts-'))
    await store.load()
    failFsCall('write', 'ENOSPC')
    await expect(store.create(aboveInput)).rejects.toThrow(/the disk is full \(ENOSPC\)$/)
    vi.restoreAllMocks()
    expect(store.problem()).toBe(
      `Your alerts could not be saved: Could not save ${store.filePath}: the disk is full (ENOSPC)`,
    )
    expect(store.list()).toEqual([])

    await store.create(aboveInput)
    expect(store.problem()).toBeNull()
  })

  it('treats a file whose alerts fail validation as corrupt too', async () => {
    const dir = makeTempDir('tw-alerts-')
    const bad = {
      ...makeAlert({ kind: 'price-above', level: '1' }),
      condition: { kind: 'price-above', level: 'NaN' },
    }
    writeFileSync(path.join(dir, ALERTS_FILE_NAME), JSON.stringify({ version: 1, alerts: [bad] }))
    const store = storeIn(dir)
    expect(await store.load()).toEqual([])
    expect(store.problem()).toMatch(/moved aside/)
  })
})

function firing(n: number): AlertFiring {
  return {
    alertId: `a${n}`,
    symbol: 'AAPLon',
    kind: 'price-above',
    message: `AAPLon crossed above ${n}`,
    value: `${n}.5`,
    at: T0 + n,
    sound: false,
  }
}

/** A log whose "folder" is a file: every write fails. */
function unwritableLog(): AlertLog {
  const blocker = path.join(makeTempDir('tw-alert-log-'), 'not-a-folder')
  writeFileSync(blocker, '')
  return new AlertLog(blocker)
}

describe('AlertLog', () => {
  it('keeps firings newest first, counts unread ones and persists the read marks', async () => {
    const dir = makeTempDir('tw-alert-log-')
    const log = new AlertLog(dir)
    expect(await log.load()).toEqual([])

    await log.append(firing(1))
    await log.append(firing(2), firing(3))
    expect(log.entries().map((entry) => entry.alertId)).toEqual(['a3', 'a2', 'a1'])
    expect(log.unreadCount()).toBe(3)

    await log.markAllRead()
    await log.append(firing(4))
    expect(log.unreadCount()).toBe(1)

    const reopened = new AlertLog(dir)
    expect(await reopened.load()).toEqual(log.entries())
    expect(reopened.unreadCount()).toBe(1)
    expect(reopened.entries()[0]).toEqual({ ...firing(4), read: false })
  })

  it(`keeps only the last ${MAX_LOG_ENTRIES}, in memory and on disk`, async () => {
    const dir = makeTempDir('tw-alert-log-')
    const log = new AlertLog(dir)
    await log.load()
    const batch = Array.from({ length: MAX_LOG_ENTRIES + 30 }, (_, i) => firing(i))
    // Unawaited on purpose: queued writes land in order, the last with the whole log.
    void log.append(...batch.slice(0, 100))
    await log.append(...batch.slice(100))
    expect(log.entries()).toHaveLength(MAX_LOG_ENTRIES)
    expect(log.entries()[0]?.alertId).toBe(`a${MAX_LOG_ENTRIES + 29}`)
    expect(log.entries().at(-1)?.alertId).toBe('a30')
    expect(await new AlertLog(dir).load()).toEqual(log.entries())
  })

  it('moves a corrupt log aside and starts an empty one', async () => {
    const dir = makeTempDir('tw-alert-log-')
    writeFileSync(path.join(dir, ALERT_LOG_FILE_NAME), 'not json')
    const log = new AlertLog(dir)
    expect(await log.load()).toEqual([])
    expect(log.problem()).toMatch(
      /^Your alert log file was unreadable and was moved aside to .*alert-log\.json\.corrupt-/,
    )
    await log.append(firing(1))
    expect(await new AlertLog(dir).load()).toHaveLength(1)
  })

  it('keeps the log in memory and reports it when the file cannot be written', async () => {
    const log = unwritableLog()
    await expect(log.append(firing(1))).rejects.toThrow(/Could not save/)
    expect(log.entries()).toHaveLength(1)
    expect(log.unreadCount()).toBe(1)
    expect(log.problem()).toMatch(/^The alert log could not be saved: Could not save/)
  })

  it('writes nothing when there is nothing to add or mark read: no failure if it cannot write', async () => {
    const log = unwritableLog()
    await expect(log.append()).resolves.toEqual([])
    await expect(log.markAllRead()).resolves.toEqual([])
    expect(log.problem()).toBeNull()
  })

  it('clears the warning once a save succeeds again, for the log and the alerts', async () => {
    const dir = path.join(makeTempDir('tw-alert-files-'), 'user-data')
    writeFileSync(dir, '') // a file where the folder should be: every write fails
    const log = new AlertLog(dir)
    const store = storeIn(dir)
    await expect(log.append(firing(1))).rejects.toThrow(/Could not save/)
    await expect(store.create(aboveInput)).rejects.toThrow()
    expect(log.problem()).not.toBeNull()
    expect(store.problem()).not.toBeNull()

    rmSync(dir)
    mkdirSync(dir) // the disk is fine again
    await log.append(firing(2))
    await store.create(aboveInput)
    expect(log.problem()).toBeNull()
    expect(store.problem()).toBeNull()
  })
})
