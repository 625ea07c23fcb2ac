import { describe, expect, it } from 'vitest'
import { formatSnapshotTable } from '../../src/main/cli/snapshot-table'
import { type AssetQuote, type Snapshot, emptyAsset } from '../../src/shared/domain'

/** The human-readable table: exact decimal rounding, alignment, missing values, sessions. */

const AS_OF = Date.UTC(2025, 8, 15, 14, 0, 0)
const limit = (tradable: boolean) => ({
  tradable,
  maxAttestationCount: '500',
  maxActiveNotionalValue: '200000',
})

function table(assets: AssetQuote[], demo = false): string {
  const snapshot: Snapshot = {
    asOf: AS_OF,
    source: { baseUrl: 'https://api.gm.ondo.finance', demo },
    assets,
    errors: [],
  }
  return formatSnapshotTable(snapshot)
}

describe('formatSnapshotTable', () => {
  it('rounds exactly, aligns prices on the decimal point, other numbers right and text left', () => {
    const rows = table([
      {
        ...emptyAsset('AAPLon'),
        price: '231.456789',
        changePct24h: '2.485',
        fairValue: '231.4607',
        premiumPct: '-0.0046',
        tradableSessions: ['regular', 'postmarket'],
      },
      {
        ...emptyAsset('BRK.Bon'),
        price: '1234567.1',
        changePct24h: '-12.3450000000000000001',
        fairValue: '0.00009999',
        premiumPct: '1.005',
        // The limits say more than tradableSessions: premarket on, regular off.
        tradableSessions: ['regular'],
        limits: {
          premarket: limit(true),
          regular: limit(false),
          postmarket: null,
          overnight: null,
          offhours: null,
        },
      },
    ]).split('\n')
    expect(rows.slice(0, 3)).toEqual([
      'SYMBOL          PRICE  CHANGE 24H  FAIR VALUE  PREMIUM  SESSIONS',
      'AAPLon       231.4568      +2.48%    231.4607   +0.00%  REG POST',
      'BRK.Bon  1234567.10       -12.35%      0.0001   +1.00%  PRE',
    ])
  })

  it('shows a dash for what is not known, and names a demo source', () => {
    const text = table([emptyAsset('Fon')], true)
    expect(text.split('\n')[1]).toBe('Fon         -           -           -        -  -')
    expect(text).toContain(`As of Sep 15, 10:00:00 ET from https://api.gm.ondo.finance (demo).`)
  })
})
