import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { HISTORY_CACHE_LIFETIME_MS, HistoryCache } from '../../../src/main/core/history/history-cache'
import type { Clock } from '../../../src/main/core/clock'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * The history answers kept for 30 s, in memory and on disk: an answer younger than the lifetime
 * is given back (from the disk after a restart), an older one, one from the future (the clock was
 * set back) or a damaged disk copy is not; a disk that cannot be written keeps the memory copy.
 */

/** Monday 2026-11-16 10:00 ET. */
const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)

let now = MONDAY_10_00_ET
const clock: Clock = {
  now: () => now,
  setTimeout: () => undefined,
  clearTimeout: () => undefined,
}

const { tempDir } = cleanupAfterEach('tw-history-cache-')
let folder: string
beforeEach(() => {
  now = MONDAY_10_00_ET
  folder = tempDir()
})

const answer = {
  steps: [{ t: MONDAY_10_00_ET - 86_400_000, value: '1.000700000000000000' }],
  close: '235.10',
}

describe('the history cache', () => {
  it('gives an answer back until it is 30 s old, not from then on', async () => {
    const cache = new HistoryCache(null, clock)
    expect(HISTORY_CACHE_LIFETIME_MS).toBe(30_000)
    expect(await cache.get('AAPLon.1hour.1month')).toBeUndefined()
    await cache.set('AAPLon.1hour.1month', answer)
    expect(await cache.get('AAPLon.1hour.1month')).toEqual(answer)
    expect(await cache.get('AAPLon.1day.1year')).toBeUndefined()
    now = MONDAY_10_00_ET + 29_999
    expect(await cache.get('AAPLon.1hour.1month')).toEqual(answer)
    now = MONDAY_10_00_ET + 30_000
    expect(await cache.get('AAPLon.1hour.1month')).toBeUndefined()
  })

  it('an answer kept at a later time than now (the clock was set back) is not given', async () => {
    const cache = new HistoryCache(null, clock)
    await cache.set('AAPLon.multiplier.all', answer)
    now = MONDAY_10_00_ET - 1
    expect(await cache.get('AAPLon.multiplier.all')).toBeUndefined()
    now = MONDAY_10_00_ET
    expect(await cache.get('AAPLon.multiplier.all')).toEqual(answer)
  })

  it('a restart within the lifetime reads the disk copy, under a name of safe characters only', async () => {
    const nested = path.join(folder, 'history-cache')
    await new HistoryCache(nested, clock).set('BRK/B on:1hour.1month', answer)
    expect(readdirSync(nested)).toEqual(['BRK_B_on_1hour.1month.json'])
    expect(JSON.parse(readFileSync(path.join(nested, 'BRK_B_on_1hour.1month.json'), 'utf8'))).toEqual({
      at: MONDAY_10_00_ET,
      value: answer,
    })
    now = MONDAY_10_00_ET + 10_000
    const restarted = new HistoryCache(nested, clock)
    expect(await restarted.get('BRK/B on:1hour.1month')).toEqual(answer)
    // Read once from the disk, then kept in memory: the file gone changes nothing.
    rmSync(nested, { recursive: true })
    expect(await restarted.get('BRK/B on:1hour.1month')).toEqual(answer)
    now = MONDAY_10_00_ET + 30_000
    expect(await restarted.get('BRK/B on:1hour.1month')).toBeUndefined()
  })

  it('a disk copy as old as the lifetime is not given after a restart either', async () => {
    await new HistoryCache(folder, clock).set('AAPLon.1day.1year', answer)
    now = MONDAY_10_00_ET + 30_000
    expect(await new HistoryCache(folder, clock).get('AAPLon.1day.1year')).toBeUndefined()
  })

  it('without a folder nothing is written; a new cache knows nothing', async () => {
    await new HistoryCache(null, clock).set('AAPLon.1hour.1month', answer)
    expect(readdirSync(folder)).toEqual([])
    expect(await new HistoryCache(null, clock).get('AAPLon.1hour.1month')).toBeUndefined()
  })

  it('a damaged disk copy, or one without its time or value, is not an answer', async () => {
    const cache = () => new HistoryCache(folder, clock)
    writeFileSync(path.join(folder, 'a.json'), '{"at": 1, "val')
    writeFileSync(path.join(folder, 'b.json'), JSON.stringify({ at: String(MONDAY_10_00_ET), value: answer }))
    writeFileSync(path.join(folder, 'c.json'), JSON.stringify({ at: MONDAY_10_00_ET }))
    writeFileSync(path.join(folder, 'd.json'), JSON.stringify({ at: MONDAY_10_00_ET, value: null }))
    writeFileSync(path.join(folder, 'e.json'), JSON.stringify({ at: MONDAY_10_00_ET, value: answer, x: 1 }))
    expect(await cache().get('a')).toBeUndefined()
    expect(await cache().get('b')).toBeUndefined()
    expect(await cache().get('c')).toBeUndefined()
    expect(await cache().get('d')).toBeNull()
    expect(await cache().get('e')).toEqual(answer)
  })

  it('a folder that cannot be written keeps the answer in memory, without failing', async () => {
    const blocked = path.join(folder, 'a-file')
    writeFileSync(blocked, 'in the way')
    const cache = new HistoryCache(blocked, clock)
    await expect(cache.set('AAPLon.1hour.1month', answer)).resolves.toBeUndefined()
    expect(await cache.get('AAPLon.1hour.1month')).toEqual(answer)
    expect(readFileSync(blocked, 'utf8')).toBe('in the way')
  })

  it('leaves no temporary file behind', async () => {
    await new HistoryCache(folder, clock).set('AAPLon.1hour.1month', answer)
    expect(readdirSync(folder)).toEqual(['AAPLon.1hour.1month.json'])
  })
})
