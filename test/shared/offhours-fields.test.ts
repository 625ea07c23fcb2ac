import { describe, expect, it } from 'vitest'
import { snapshotSchema } from '../../src/main/core/storage/snapshot-cache-schema'
import { emptyAsset } from '../../src/shared/domain'
import { applyLimitsRecord, applyMarketRecord } from '../../src/main/core/api/wire/normalize'
import { isTradableIn } from '../../src/shared/domain'
import { parseLimitsResponse, parseMarketResponse } from '../../src/main/core/api/wire/wire-parse'

/**
 * The service's `offhours` session and `constituentTokens` (real-service-notes.md) kept from the
 * wire through normalising into the quote, and through the snapshot cache's schema.
 */

const STAMP = Date.parse('2026-11-21T17:00:00Z')

const qqqRecord = {
  primaryMarket: {
    symbol: 'QQQon',
    price: '600.10',
    sharesMultiplier: '1.001',
    tradableSessions: ['premarket', 'regular', 'postmarket', 'overnight', 'offhours'],
  },
  underlyingMarket: null,
  timestamp: STAMP,
  constituentTokens: ['NVDAon', 'MSFTon', 'AAPLon'],
}

const limitsBody = [
  {
    limits: [
      {
        symbol: 'QQQon',
        regular: { tradable: true, maxAttestationCount: '200', maxActiveNotionalValue: '200000' },
        offhours: { tradable: true, maxAttestationCount: '100', maxActiveNotionalValue: '50000' },
      },
    ],
    timestamp: STAMP,
  },
]

function normalisedQqq() {
  const market = parseMarketResponse(qqqRecord)
  const limits = parseLimitsResponse(limitsBody)
  expect([market.rejected, limits.rejected]).toEqual([[], []])
  let quote = applyMarketRecord(emptyAsset('QQQon'), market.records[0]!)
  quote = applyLimitsRecord(quote, limits.records[0]!)
  return quote
}

describe('offhours and constituentTokens from the wire to the quote', () => {
  it('keeps offhours as a tradable session and its limits block', () => {
    const quote = normalisedQqq()
    expect(quote.tradableSessions).toContain('offhours')
    expect(quote.otherSessions).toEqual([])
    expect(quote.limits?.offhours).toEqual({
      tradable: true,
      maxAttestationCount: '100',
      maxActiveNotionalValue: '50000',
    })
    expect(isTradableIn(quote, 'offhours')).toBe(true)
  })

  it('keeps the constituents, and an answer without the field keeps what was known', () => {
    const quote = normalisedQqq()
    expect(quote.constituentTokens).toEqual(['NVDAon', 'MSFTon', 'AAPLon'])
    const { constituentTokens: _omitted, ...withoutField } = qqqRecord
    const again = applyMarketRecord(
      quote,
      parseMarketResponse({ ...withoutField, timestamp: STAMP + 60_000 }).records[0]!,
    )
    expect(again.constituentTokens).toBe(quote.constituentTokens)
  })

  it('rejects a record whose constituentTokens is not a list of symbols, and only that record', () => {
    const parsed = parseMarketResponse({ ...qqqRecord, constituentTokens: [42] })
    expect(parsed.records).toEqual([])
    expect(parsed.rejected).toEqual([
      { symbol: 'QQQon', reason: expect.stringContaining('constituentTokens') },
    ])
  })

  it('survives the snapshot cache (the schema main reads its saved snapshot with)', () => {
    const quote = normalisedQqq()
    const read = snapshotSchema.parse({ asOf: STAMP, source: { baseUrl: 'x', demo: true }, assets: [quote] })
    expect(read.assets[0]?.limits?.offhours?.tradable).toBe(true)
    expect(read.assets[0]?.constituentTokens).toEqual(['NVDAon', 'MSFTon', 'AAPLon'])
  })
})
