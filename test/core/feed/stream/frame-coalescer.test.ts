import { describe, expect, it } from 'vitest'
import type { WirePriceRecord } from '../../../../src/main/core/api/wire/wire'
import { FRAME_MS, FrameCoalescer } from '../../../../src/main/core/feed/stream/frame-coalescer'
import { manualClock } from '../../../support/manual-clock'
import { TUESDAY_10_00_ET } from '../../../sim/sim-helpers'

/** Streamed prices folded in at most once a display frame, whatever rate the stream sends them at. */

const SYMBOLS = Array.from({ length: 20 }, (_, i) => `T${i}on`)

/** The n-th update: symbols in turn, each price a cent above the one before (100.10, 100.11, ...). */
function update(n: number, at: number): WirePriceRecord {
  const cents = 10_010 + n
  return {
    primaryMarket: {
      symbol: SYMBOLS[n % SYMBOLS.length] as string,
      price: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    },
    underlyingMarket: null,
    timestamp: at,
  }
}

describe('FrameCoalescer', () => {
  it(
    'takes 10,000 updates a second as at most one fold a frame, never ' +
      'holding more than one record a symbol',
    () => {
      const time = manualClock(TUESDAY_10_00_ET)
      const folds: { records: WirePriceRecord[]; at: number }[] = []
      const frames = new FrameCoalescer(time.scheduler, (records) =>
        folds.push({ records, at: time.clock.now }),
      )
      let most = 0
      // Ten one-update frames every millisecond for a virtual second.
      for (let n = 0; n < 10_000; n++) {
        if (n % 10 === 0) time.advanceTo(TUESDAY_10_00_ET + n / 10)
        frames.push([update(n, time.clock.now)], time.clock.now)
        most = Math.max(most, frames.pending())
      }
      time.advanceTo(TUESDAY_10_00_ET + 1_000 + FRAME_MS)
      expect(most).toBeLessThanOrEqual(SYMBOLS.length)
      expect(frames.pending()).toBe(0)
      // One fold (one delta to the window) a frame at most: a second has 1000 / 16 frames, plus the first at
      // once.
      expect(folds.length).toBeLessThanOrEqual(Math.ceil(1_000 / FRAME_MS) + 1)
      for (const [i, fold] of folds.entries()) {
        expect(fold.records.length).toBeLessThanOrEqual(SYMBOLS.length)
        if (i > 0)
          expect(fold.at - (folds[i - 1] as (typeof folds)[number]).at).toBeGreaterThanOrEqual(FRAME_MS)
      }
      // Nothing but the superseded lost: each symbol's last update is the last one folded in for it.
      const lastFolded = new Map(
        folds.flatMap((fold) =>
          fold.records.map((record) => [record.primaryMarket.symbol, record.primaryMarket.price]),
        ),
      )
      for (let n = 10_000 - SYMBOLS.length; n < 10_000; n++)
        expect(lastFolded.get(update(n, 0).primaryMarket.symbol)).toBe(update(n, 0).primaryMarket.price)
    },
  )

  it('folds the first frame after a quiet spell at once, stamped when it arrived', () => {
    const time = manualClock(TUESDAY_10_00_ET)
    const folds: number[] = []
    const frames = new FrameCoalescer(time.scheduler, (_records, receivedAt) => folds.push(receivedAt))
    frames.push([update(0, time.clock.now)], time.clock.now)
    expect(folds).toEqual([TUESDAY_10_00_ET])
    time.advanceTo(TUESDAY_10_00_ET + 5)
    frames.push([update(1, time.clock.now)], time.clock.now)
    time.advanceTo(TUESDAY_10_00_ET + 9)
    frames.push([update(2, time.clock.now)], time.clock.now)
    expect(folds).toHaveLength(1)
    time.advanceTo(TUESDAY_10_00_ET + FRAME_MS)
    // The batch is as old as its oldest record.
    expect(folds).toEqual([TUESDAY_10_00_ET, TUESDAY_10_00_ET + 5])
  })

  it('forgets what waits when cleared (a pause): nothing folds after', () => {
    const time = manualClock(TUESDAY_10_00_ET)
    const folds: number[] = []
    const frames = new FrameCoalescer(time.scheduler, (_records, receivedAt) => folds.push(receivedAt))
    frames.push([update(0, time.clock.now)], time.clock.now)
    time.advanceTo(TUESDAY_10_00_ET + 3)
    frames.push([update(1, time.clock.now)], time.clock.now)
    frames.clear()
    time.advanceTo(TUESDAY_10_00_ET + 100)
    expect(folds).toEqual([TUESDAY_10_00_ET])
    expect(frames.pending()).toBe(0)
  })
})
