import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { AlertCenter } from '../../../src/main/core/alerts/alert-center'
import { ALERT_LOG_FILE_NAME, ALERTS_FILE_NAME } from '../../../src/main/core/alerts/alerts-file'
import { corruptFileName } from '../../../src/main/core/storage/json-file'
import type { AlertLogEntry } from '../../../src/shared/alerts'
import type { Snapshot } from '../../../src/shared/domain'
import { makeTempDir } from '../storage/storage-helpers'
import { manualClock } from '../../support/manual-clock'
import { quote, SYMBOL, T0 } from './alert-fixtures'

/**
 * The alert center's own duties, on a clock the test moves: the one timer it aims at the next
 * moment an alert can fire without a new snapshot, the unread count the tray's dot follows, and
 * what it keeps on disk between starts.
 */

const SOURCE = { baseUrl: 'https://api.example.test', demo: false }
const MINUTE = 60_000

function snapshotOf(asOf: number, fields: Parameters<typeof quote>[0]): Snapshot {
  return { asOf, source: SOURCE, assets: [quote(fields)], errors: [] }
}

async function centerOn(userDataDir: string, start = T0) {
  const time = manualClock(start)
  const fired: { entry: AlertLogEntry; unread: number }[] = []
  const unreadChanges: number[] = []
  const center = new AlertCenter({
    userDataDir,
    clock: time.scheduler,
    onFired: (entry, unread) => fired.push({ entry, unread }),
    onUnreadChange: (unread) => unreadChanges.push(unread),
  })
  await center.load()
  return { center, time, fired, unreadChanges }
}

/** A center with one alert, above 200; `price` evaluates a snapshot with that price at `at`. */
async function centerAbove200() {
  const on = await centerOn(makeTempDir('tw-alert-timer-'))
  await on.center.file.create({
    symbol: SYMBOL,
    condition: { kind: 'price-above', level: '200' },
    cooldownMs: 0,
  })
  const price = (value: string, at: number) =>
    on.center.evaluate(snapshotOf(at, { price: value, priceTimestamp: at }))
  return { ...on, price }
}

describe('AlertCenter timer and unread count', () => {
  it('fires a stale alert at its limit from its own timer, with no new snapshot', async () => {
    const { center, time, fired, unreadChanges } = await centerOn(makeTempDir('tw-alert-timer-'))
    await center.file.create({ symbol: SYMBOL, condition: { kind: 'stale', minutes: 2 }, cooldownMs: 0 })
    await center.evaluate(snapshotOf(T0, { price: '200', priceTimestamp: T0 }))
    // The feed marks the quote stale 30 s after its last price: the alert is due 90 s later.
    time.advanceTo(T0 + 30_000)
    await center.evaluate(snapshotOf(T0 + 30_000, { price: '200', priceTimestamp: T0, stale: true }))
    expect(time.clock.delays.at(-1)).toBe(90_000)
    expect(fired).toEqual([])

    // No snapshot comes: the timer's own evaluation of the last one fires the alert.
    time.advanceTo(T0 + 2 * MINUTE)
    await vi.waitFor(() => expect(fired).toHaveLength(1))
    expect(fired.map(({ entry, unread }) => [entry.message, entry.read, entry.at, unread])).toEqual([
      ['AAPLon data is stale: no new price for 2 minutes (alert after 2)', false, T0 + 2 * MINUTE, 1],
    ])
    expect(unreadChanges).toEqual([1])
    center.stop()
  })

  it('keeps one timer: the last one is cleared before the next is set, and stop clears it', async () => {
    const { center, time } = await centerOn(makeTempDir('tw-alert-timer-'))
    await center.file.create({ symbol: SYMBOL, condition: { kind: 'stale', minutes: 5 }, cooldownMs: 0 })
    const stale = (at: number) => snapshotOf(at, { price: '200', priceTimestamp: T0, stale: true })
    await center.evaluate(stale(T0 + 1_000))
    await center.evaluate(stale(T0 + 2_000))
    expect(time.clock.delays).toEqual([5 * MINUTE, 5 * MINUTE])
    expect(time.clock.cleared).toEqual([1])
    expect([...time.clock.pending.keys()]).toEqual([2])
    center.stop()
    expect(time.clock.cleared).toEqual([1, 2])
    expect(time.clock.pending.size).toBe(0)
    // A second stop has no timer to clear.
    center.stop()
    expect(time.clock.cleared).toEqual([1, 2])
  })

  it('says when the unread count leaves zero and when it returns, and only then', async () => {
    const { center, fired, unreadChanges, price } = await centerAbove200()
    // Nothing unread: marking all read says nothing.
    await center.markAllRead()
    expect(unreadChanges).toEqual([])
    await price('199', T0 + 1_000)
    await price('201', T0 + 2_000)
    await price('199', T0 + 3_000)
    await price('201', T0 + 4_000)
    expect(fired.map(({ unread }) => unread)).toEqual([1, 2])
    expect(unreadChanges).toEqual([1])
    const entries = await center.markAllRead()
    expect(entries.map((entry) => entry.read)).toEqual([true, true])
    expect(unreadChanges).toEqual([1, 0])
  })

  it('says the count is back to zero once, when the firing is read before its entry is saved', async () => {
    const { center, fired, unreadChanges, price } = await centerAbove200()
    await price('199', T0)
    const crossing = price('201', T0 + 1_000)
    await new Promise((resolve) => setImmediate(resolve))
    // The entry is in the log, its write still under way, when the person marks everything read.
    expect([center.log.unreadCount(), fired]).toEqual([1, []])
    await Promise.all([crossing, center.markAllRead()])
    expect(fired.map(({ unread }) => unread)).toEqual([0])
    expect(unreadChanges).toEqual([0])
  })

  it('evaluates at once when alerts change, against the snapshot it is given', async () => {
    const { center, time, fired } = await centerOn(makeTempDir('tw-alert-timer-'))
    await center.evaluate(snapshotOf(T0, { price: '200', priceTimestamp: T0 }))
    await center.file.create({ symbol: SYMBOL, condition: { kind: 'stale', minutes: 1 }, cooldownMs: 0 })
    center.alertsChanged(snapshotOf(T0, { price: '200', priceTimestamp: T0, stale: true }))
    // Its evaluation aims the stale alert's timer: the one sign it ran, as nothing is due yet.
    await vi.waitFor(() => expect(time.clock.delays).toEqual([MINUTE]))
    expect(fired).toEqual([])
  })

  it('keeps alerts and fired entries on disk, stamped with its own clock, for the next start', async () => {
    const userDataDir = makeTempDir('tw-alert-timer-')
    const first = await centerOn(userDataDir)
    const created = await first.center.file.create({
      symbol: SYMBOL,
      condition: { kind: 'price-above', level: '200' },
      cooldownMs: 0,
    })
    expect(created.map((alert) => alert.createdAt)).toEqual([T0])
    await first.center.evaluate(snapshotOf(T0, { price: '199', priceTimestamp: T0 }))
    first.time.advanceTo(T0 + 5_000)
    await first.center.evaluate(snapshotOf(T0 + 5_000, { price: '201', priceTimestamp: T0 + 5_000 }))
    first.center.stop()

    const second = await centerOn(userDataDir, T0 + MINUTE)
    expect(second.center.file.list().map((alert) => [alert.symbol, alert.createdAt])).toEqual([[SYMBOL, T0]])
    expect(second.center.log.entries().map((entry) => [entry.message, entry.at, entry.read])).toEqual([
      ['AAPLon crossed above 200 at 201', T0 + 5_000, false],
    ])
    expect(second.center.problem()).toBeNull()
  })

  it('sets a damaged file aside under its own clock, says so, and starts empty', async () => {
    const userDataDir = makeTempDir('tw-alert-timer-')
    for (const name of [ALERTS_FILE_NAME, ALERT_LOG_FILE_NAME])
      writeFileSync(path.join(userDataDir, name), '{ not json')
    const { center } = await centerOn(userDataDir, T0)
    for (const name of [ALERTS_FILE_NAME, ALERT_LOG_FILE_NAME])
      expect(existsSync(corruptFileName(path.join(userDataDir, name), new Date(T0)))).toBe(true)
    expect(center.problem()).toMatch(/^Your alerts file was unreadable/)
    expect(center.file.list()).toEqual([])
    expect(center.log.entries()).toEqual([])
  })
})
