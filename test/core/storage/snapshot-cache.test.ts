import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { JsonFileProblem } from '../../../src/main/core/storage/json-file'
import {
  SNAPSHOT_CACHE_INTERVAL_MS,
  SnapshotCache,
  SnapshotCacheSchedule,
} from '../../../src/main/core/storage/snapshot-cache'
import { emptyAsset, type Snapshot } from '../../../src/shared/domain'
import { makeTempDir } from './storage-helpers'

const SNAPSHOT: Snapshot = {
  asOf: 1_750_000_000_000,
  source: { baseUrl: 'https://api.gm.ondo.finance', demo: false },
  assets: [
    {
      ...emptyAsset('AAPLon'),
      name: 'Apple Inc.',
      ticker: 'AAPL',
      price: '201.123456789012345678',
      priceTimestamp: 1_750_000_000_000,
      history24h: [{ t: 1_749_999_000_000, price: '200.5' }],
      tradableSessions: ['regular', 'overnight'],
      otherSessions: ['offhours'],
      underlying: {
        ticker: 'AAPL',
        name: 'Apple Inc.',
        price: '201.1',
        high52w: null,
        low52w: '150',
        volume: '1000',
        averageVolume: null,
        sharesOutstanding: null,
        marketCap: null,
      },
      limits: {
        premarket: null,
        regular: { tradable: true, maxAttestationCount: '100', maxActiveNotionalValue: '5000000.00' },
        postmarket: null,
        overnight: null,
        offhours: null,
      },
    },
    emptyAsset('NVDAon'),
  ],
  errors: [{ scope: 'limits', code: 'timeout', message: 'The service did not answer in time' }],
}

describe('SnapshotCache', () => {
  it('has nothing before the first save', async () => {
    expect(await new SnapshotCache(makeTempDir()).load()).toBeNull()
  })

  it('gives back exactly the snapshot it saved, decimals untouched', async () => {
    const dir = makeTempDir()
    await new SnapshotCache(dir).save(SNAPSHOT)
    expect(await new SnapshotCache(dir).load()).toEqual(SNAPSHOT)
    expect(readFileSync(path.join(dir, 'last-snapshot.json'), 'utf8')).toContain('"201.123456789012345678"')
  })

  it('drops unknown fields and fills in fields an older version did not write', async () => {
    const dir = makeTempDir()
    const { history24h: _history, stale: _stale, ...olderAsset } = emptyAsset('TSLAon')
    const older = {
      ...SNAPSHOT,
      errors: undefined,
      assets: [{ ...olderAsset, futureField: 1 }],
      futureTop: true,
    }
    writeFileSync(path.join(dir, 'last-snapshot.json'), JSON.stringify(older))
    expect(await new SnapshotCache(dir).load()).toEqual({
      ...SNAPSHOT,
      errors: [],
      assets: [emptyAsset('TSLAon')],
    })
  })

  it.each([
    ['unparseable', '{"asOf": 1'],
    [
      'a price that is not a decimal string',
      JSON.stringify({ ...SNAPSHOT, assets: [{ ...emptyAsset('Aon'), price: 1.5 }] }),
    ],
    [
      'a price in exponent form',
      JSON.stringify({ ...SNAPSHOT, assets: [{ ...emptyAsset('Aon'), price: '1e5' }] }),
    ],
  ])('moves a cache that is %s aside, reports it and starts without it', async (_what, content) => {
    const dir = makeTempDir()
    writeFileSync(path.join(dir, 'last-snapshot.json'), content)
    const problems: JsonFileProblem[] = []
    expect(await new SnapshotCache(dir, { onProblem: (problem) => problems.push(problem) }).load()).toBeNull()
    expect(problems).toEqual([expect.objectContaining({ kind: 'corrupt' })])
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^last-snapshot\.json\.corrupt-[\dT.Z-]+$/)])
  })
})

describe('SnapshotCacheSchedule', () => {
  const T0 = Date.parse('2026-03-09T14:30:00Z')

  /** A schedule on a clock the test moves, its writes counted. */
  function scheduleAt(write: () => Promise<void> = async () => {}) {
    let now = T0
    const counted = vi.fn(write)
    const schedule = new SnapshotCacheSchedule(counted, { now: () => now })
    return { schedule, write: counted, at: (ms: number) => (now = T0 + ms) }
  }

  it('writes at the first change, then at most once an interval unless forced; at exactly one', async () => {
    const { schedule, write, at } = scheduleAt()
    await schedule.changed({ force: false })
    expect(write).toHaveBeenCalledTimes(1)

    at(SNAPSHOT_CACHE_INTERVAL_MS - 1)
    await schedule.changed({ force: false })
    expect(write).toHaveBeenCalledTimes(1)
    await schedule.changed({ force: true }) // on stop
    expect(write).toHaveBeenCalledTimes(2)

    // The interval counts from the forced write.
    at(2 * SNAPSHOT_CACHE_INTERVAL_MS - 2)
    await schedule.changed({ force: false })
    expect(write).toHaveBeenCalledTimes(2)
    at(2 * SNAPSHOT_CACHE_INTERVAL_MS - 1)
    await schedule.changed({ force: false })
    expect(write).toHaveBeenCalledTimes(3)
  })

  it('keeps a failed save as the problem, in words, until a save succeeds', async () => {
    const failure = new Error('Could not save /data/last-snapshot.json: the disk is full (ENOSPC)')
    const { schedule, write } = scheduleAt()
    write.mockRejectedValueOnce(failure)

    await expect(schedule.changed({ force: true })).resolves.toBeUndefined()
    expect(schedule.problem()).toBe(
      `The last prices could not be saved for the next start: ${failure.message}`,
    )
    await schedule.changed({ force: true })
    expect(write).toHaveBeenCalledTimes(2)
    expect(schedule.problem()).toBeNull()
  })
})
