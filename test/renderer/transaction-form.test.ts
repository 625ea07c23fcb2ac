import { describe, expect, it } from 'vitest'
import { displayZone } from '../../src/shared/display-time'
import { checkDraft, draftOf, newDraft, refusalOf } from '../../src/renderer/ledger/transaction-form'

/** The form's checks at a fixed instant: 11:32:10 ET on Tuesday 17 November 2026 (EST, -05:00). */
const NOW = Date.UTC(2026, 10, 17, 16, 32, 10, 400)

const MARKET_ZONE = displayZone('market')

const good = { ...newDraft('AAPLon', NOW), quantity: '2.5', price: '182.35' }

describe('transaction form', () => {
  it('starts at now in market time, to the second with its offset, a buy with no fee', () => {
    expect(newDraft('AAPLon', NOW)).toEqual({
      time: '2026-11-17T11:32:10-05:00',
      symbol: 'AAPLon',
      side: 'buy',
      quantity: '',
      price: '',
      fee: '0',
      note: '',
    })
    // In summer New York is -04:00.
    expect(newDraft('AAPLon', Date.UTC(2026, 6, 1, 14, 0, 5)).time).toBe('2026-07-01T10:00:05-04:00')
  })

  it('makes the transaction the contract takes, an empty fee as none and an empty note as null', () => {
    expect(checkDraft({ ...good, fee: '', note: '  ' }, NOW, MARKET_ZONE)).toEqual({
      ok: true,
      input: {
        time: '2026-11-17T11:32:10-05:00',
        symbol: 'AAPLon',
        side: 'buy',
        quantity: '2.5',
        price: '182.35',
        fee: '0',
        note: null,
      },
    })
    expect(checkDraft({ ...good, quantity: '0.123456789012345678' }, NOW, MARKET_ZONE).ok).toBe(true)
  })

  it('takes a transfer in at the cost basis typed, and a transfer out without a price (issue 48)', () => {
    const inputOf = (change: Partial<typeof good>) => {
      const checked = checkDraft({ ...good, ...change }, NOW, MARKET_ZONE)
      return checked.ok ? checked.input : checked.errors
    }
    expect(inputOf({ side: 'transfer-in', quantity: '3.5', price: '100.10' })).toMatchObject({
      side: 'transfer-in',
      quantity: '3.5',
      price: '100.10',
    })
    const noBasis = checkDraft({ ...good, side: 'transfer-in', price: '' }, NOW, MARKET_ZONE)
    expect(noBasis.ok ? null : noBasis.errors.price).toBe('Enter the cost basis')
    // The price field is hidden for a transfer out: whatever it held before the side changed is not sent.
    expect(inputOf({ side: 'transfer-out', quantity: '1.25', price: '120.20' })).toMatchObject({
      side: 'transfer-out',
      quantity: '1.25',
      price: '0',
    })
  })

  it('says under each field why each bad input is refused', () => {
    const errorsOf = (change: Partial<typeof good>) => {
      const checked = checkDraft({ ...good, ...change }, NOW, MARKET_ZONE)
      return checked.ok ? {} : checked.errors
    }
    expect(errorsOf({ quantity: '-1' }).quantity).toBe('The quantity must be more than zero, not -1')
    expect(errorsOf({ quantity: '0' }).quantity).toBe('The quantity must be more than zero, not 0')
    expect(errorsOf({ quantity: '0.1234567890123456789' }).quantity).toBe(
      'The quantity has 19 decimals; a token has at most 18',
    )
    expect(errorsOf({ price: '1e3' }).price).toBe(
      'The price "1e3" is not a plain decimal in US dollars (like 182.35)',
    )
    expect(errorsOf({ price: '$182' }).price).toMatch(/^The price "\$182" is not a plain decimal/)
    expect(errorsOf({ fee: '-1' }).fee).toBe(
      'The fee "-1" is not a plain decimal in US dollars (like 182.35)',
    )
    expect(errorsOf({ time: '2026-11-17T11:32:10' }).time).toBe(
      'The time "2026-11-17T11:32:10" has no offset: add Z or one like -05:00',
    )
    expect(errorsOf({ time: 'yesterday' }).time).toMatch(
      /is not a time: write it like 2026-01-05T10:30:00-05:00$/,
    )
    expect(errorsOf({ time: '2026-11-18T11:32:11-05:00' }).time).toBe(
      'The time Nov 18, 2026, 11:32:11 ET is more than a day in the future',
    )
    expect(errorsOf({ time: '2026-11-18T11:32:10-05:00' }).time).toBeUndefined()
    // Said with the other fields' messages, not only once they are right.
    expect(errorsOf({ time: '2026-11-19T00:00:00Z', quantity: '0' }).time).toMatch(
      /more than a day in the future$/,
    )
    expect(errorsOf({ side: 'short' }).side).toBe('The side must be buy, sell, transfer-in or transfer-out')
    expect(errorsOf({ quantity: '', price: '' })).toEqual({
      quantity: 'Enter the quantity',
      price: 'Enter the price',
    })
    expect(errorsOf({ symbol: 'AAPL on' }).symbol).toMatch(/is not a token symbol/)
  })

  it('puts main refusal under the field it names, or above the buttons for the ledger as a whole', () => {
    expect(
      refusalOf({ message: 'The quantity must be more than zero, not 0', field: 'transaction.quantity' }),
    ).toEqual({
      errors: { quantity: 'The quantity must be more than zero, not 0' },
      text: null,
    })
    const oversold =
      'Not added: The sell of 5 AAPLon at Jan 5, 2026, 10:00:00 ET is more than the 3 AAPLon held then.'
    expect(refusalOf({ message: oversold })).toEqual({ errors: {}, text: oversold })
  })

  it('edits a transaction as it was entered', () => {
    const transaction = {
      id: 't4',
      time: '2026-01-05T10:30:00Z',
      symbol: 'TSLAon',
      side: 'sell' as const,
      quantity: '1',
      price: '400',
      fee: '1.5',
      note: null,
    }
    expect(draftOf(transaction)).toEqual({
      time: '2026-01-05T10:30:00Z',
      symbol: 'TSLAon',
      side: 'sell',
      quantity: '1',
      price: '400',
      fee: '1.5',
      note: '',
    })
  })
})
