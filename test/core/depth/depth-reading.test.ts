import { describe, expect, it } from 'vitest'
import type { SoftQuoteDepthMessage } from '../../../src/main/core/depth/depth-message'
import { MAX_LEVELS_PER_SIDE, MAX_WORD_CHARS, readDepth } from '../../../src/main/core/depth/depth-reading'
import { uint64 } from '../../support/uint64'

/** The bad input of the depth stream, each case read into a ladder the view and the walk can trust. */

const base: SoftQuoteDepthMessage = {
  symbol: 'TSLAon',
  ticker: 'TSLA',
  session_type: 'overnight',
  error: '',
  timestamp: uint64('1763445607000000000'),
  bids: [],
  asks: [],
}

describe('reading a depth ladder', () => {
  it('sorts levels sent out of order, best first, and counts them', () => {
    const ladder = readDepth({
      ...base,
      bids: [
        { price: '401.10', quantity: '2.5' },
        { price: '401.35', quantity: '1.2' },
        { price: '400.80', quantity: '3' },
      ],
      asks: [
        { price: '402.40', quantity: '1' },
        { price: '401.90', quantity: '0.75' },
        { price: '402.05', quantity: '2' },
      ],
    })
    expect(ladder.bids.map((level) => level.price)).toEqual(['401.35', '401.10', '400.80'])
    expect(ladder.asks.map((level) => level.price)).toEqual(['401.90', '402.05', '402.40'])
    expect(ladder.repairs.outOfOrder).toBe(2)
    expect(ladder.crossed).toBe(false)
  })

  it('keeps every digit as sent', () => {
    const ladder = readDepth({ ...base, asks: [{ price: '402.400000', quantity: '0.000000000000000001' }] })
    expect(ladder.asks).toEqual([{ price: '402.400000', quantity: '0.000000000000000001' }])
  })

  it('drops a level with a zero or negative price or quantity, or no decimal at all', () => {
    const ladder = readDepth({
      ...base,
      bids: [
        { price: '401.10', quantity: '0' },
        { price: '-401.00', quantity: '2' },
        { price: '400.95', quantity: '1.5' },
        { price: '1e3', quantity: '1' },
      ],
      asks: [
        { price: '0.00', quantity: '4' },
        { price: '402.05', quantity: '-1' },
      ],
    })
    expect(ladder.bids).toEqual([{ price: '400.95', quantity: '1.5' }])
    expect(ladder.asks).toEqual([])
    expect(ladder.repairs.dropped).toBe(5)
  })

  it('marks bids above asks crossed, and shows them', () => {
    const ladder = readDepth({
      ...base,
      bids: [{ price: '402.10', quantity: '1' }],
      asks: [{ price: '401.90', quantity: '1' }],
    })
    expect(ladder.crossed).toBe(true)
    expect(ladder.bids).toHaveLength(1)
    expect(ladder.asks).toHaveLength(1)
  })

  it('an error with levels: the error wins and the levels are dropped', () => {
    const ladder = readDepth({
      ...base,
      error: 'price stale',
      bids: [{ price: '401.10', quantity: '2.5' }],
      asks: [{ price: '402.40', quantity: '1' }],
    })
    expect(ladder).toMatchObject({ error: 'price stale', bids: [], asks: [], crossed: false })
    expect(ladder.repairs.droppedForError).toBe(2)
  })

  it(
    'a ladder of 10,000 levels a side sent best first keeps the best ' + '1,000 of each, the rest counted',
    () => {
      /** Level i of 10,000: 400.00 + i cents, written as a trader would. */
      const cents = (i: number) => `${400 + Math.floor(i / 100)}.${String(i % 100).padStart(2, '0')}`
      const asks = Array.from({ length: 10_000 }, (_, i) => ({ price: cents(i), quantity: '1.5' }))
      const ladder = readDepth({ ...base, asks })
      expect(ladder.asks).toHaveLength(MAX_LEVELS_PER_SIDE)
      expect(ladder.asks[0]?.price).toBe('400.00')
      expect(ladder.asks.at(-1)?.price).toBe(cents(MAX_LEVELS_PER_SIDE - 1))
      expect(ladder.repairs.cut).toBe(10_000 - MAX_LEVELS_PER_SIDE)
      expect(ladder.repairs.outOfOrder).toBe(0)
    },
  )

  it('a side sent worst first is sorted within the levels read, all of them counted out of order', () => {
    const bids = Array.from({ length: 1_500 }, (_, i) => ({ price: `${300 + i}.10`, quantity: '3.5' }))
    const ladder = readDepth({ ...base, bids })
    expect(ladder.bids[0]?.price).toBe('1799.10')
    expect(ladder.bids).toHaveLength(MAX_LEVELS_PER_SIDE)
    expect(ladder.repairs.outOfOrder).toBe(1_499)
    expect(ladder.repairs.cut).toBe(500)
  })

  it('cuts the service’s words to a length a view can show', () => {
    const ladder = readDepth({ ...base, error: 'x'.repeat(100_000), session_type: 'y'.repeat(5_000) })
    expect(ladder.error).toHaveLength(MAX_WORD_CHARS)
    expect(ladder.session).toHaveLength(MAX_WORD_CHARS)
  })

  it('a session word we do not know is kept as sent', () => {
    expect(readDepth({ ...base, session_type: 'Auction' })).toMatchObject({
      session: 'Auction',
      knownSession: null,
    })
    expect(readDepth(base)).toMatchObject({ session: 'overnight', knownSession: 'overnight' })
  })

  it('reads a field of another type as empty, a missing side as none, drops a level not an object', () => {
    // What a decoder hands over from a frame that left fields out, or a stand-in that typed them wrongly.
    const ladder = readDepth({
      ...base,
      symbol: 42,
      ticker: undefined,
      session_type: null,
      error: 7,
      bids: undefined,
      asks: [null, { price: 402.4, quantity: '1.5' }, { price: '402.40', quantity: '1.5' }],
    } as unknown as SoftQuoteDepthMessage)
    expect(ladder).toMatchObject({ symbol: '', ticker: '', session: '', knownSession: null, error: null })
    expect(ladder.bids).toEqual([])
    expect(ladder.asks).toEqual([{ price: '402.40', quantity: '1.5' }])
    expect(ladder.repairs.dropped).toBe(2)
  })

  it('an error with one side missing counts the other side’s levels as dropped for it', () => {
    const asksOnly = {
      ...base,
      error: 'price stale',
      bids: undefined,
      asks: [{ price: '402.40', quantity: '1' }],
    }
    expect(readDepth(asksOnly as unknown as SoftQuoteDepthMessage).repairs.droppedForError).toBe(1)
    const bidsOnly = {
      ...base,
      error: 'price stale',
      bids: [
        { price: '401.10', quantity: '2.5' },
        { price: '400.95', quantity: '3.5' },
      ],
      asks: undefined,
    }
    expect(readDepth(bidsOnly as unknown as SoftQuoteDepthMessage).repairs.droppedForError).toBe(2)
  })
})
