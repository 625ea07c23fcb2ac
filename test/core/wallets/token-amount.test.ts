import { describe, expect, it } from 'vitest'
import { chainOfServiceId } from '../../../src/main/core/wallets/chains'
import { readServiceBalance } from '../../../src/main/core/wallets/token-amount'

/** A balance as the service sends it, read record by record (real-service-notes.md, "Wallet balances"). */

const refused = (value: unknown, decimals: number | null) => {
  const reading = readServiceBalance(value, decimals)
  return reading.ok ? `accepted ${reading.balance}` : reading.reason
}

describe('readServiceBalance', () => {
  it('reads a decimal in tokens as its plain figure', () => {
    expect(readServiceBalance('100.10', 18)).toEqual({ ok: true, balance: '100.1' })
    expect(readServiceBalance('0003.5', 6)).toEqual({ ok: true, balance: '3.5' })
  })

  it('refuses what is not a decimal string, quoting at most 40 characters of it', () => {
    expect(refused(3.5, 18)).toBe('the balance is not a decimal string')
    expect(refused(null, null)).toBe('the balance is not a decimal string')
    for (const text of ['3.5 ', ' 3.5', '.5', '3.', '1e3', '3,5', '0x10', ''])
      expect(refused(text, 18)).toBe(`the balance is not a number (${text})`)
    const long = `${'9'.repeat(30)}.${'5'.repeat(30)}x`
    expect(refused(long, null)).toBe(`the balance is not a number (${long.slice(0, 40)})`)
    expect(refused(`-${long}`, null)).toBe(`the balance is negative (-${long.slice(0, 39)})`)
  })

  it('takes up to 60 digits either side of the point, no more', () => {
    expect(refused(`1${'0'.repeat(59)}`, null)).toBe(`accepted 1${'0'.repeat(59)}`)
    expect(refused(`1${'0'.repeat(60)}`, null)).toBe(`the balance is not a number (1${'0'.repeat(39)})`)
  })

  it('takes exactly 18 fractional digits, and as many as the token has', () => {
    expect(refused(`3.${'5'.repeat(18)}`, null)).toBe(`accepted 3.${'5'.repeat(18)}`)
    expect(refused(`3.${'5'.repeat(19)}`, null)).toBe(
      'the balance has 19 fractional digits, more than the 18 a balance has',
    )
    expect(refused('3.123456789', 9)).toBe('accepted 3.123456789')
    expect(refused('3.1234567891', 9)).toBe(
      "the balance has 10 fractional digits, more than the token's 9 decimals",
    )
  })

  it("refuses a whole number with more digits than the token's decimals as base units", () => {
    expect(refused('120', 2)).toBe(
      "the balance 120 looks like base units, not tokens (more digits than the token's 2 decimals)",
    )
    // A long one is quoted by its first 40 digits only.
    expect(refused('1'.repeat(45), 18)).toBe(
      `the balance ${'1'.repeat(40)} looks like base units, not tokens ` +
        "(more digits than the token's 18 decimals)",
    )
    // Exactly as many digits, leading zeros not counted, or a fraction written: a plain balance.
    expect(refused('12', 2)).toBe('accepted 12')
    expect(refused('0012', 2)).toBe('accepted 12')
    expect(refused('120.5', 2)).toBe('accepted 120.5')
    // An unlisted token's decimals are not known: nothing to compare with.
    expect(refused('120200000000000000000', null)).toBe('accepted 120200000000000000000')
  })
})

describe('chainOfServiceId', () => {
  it("names the chain of each of the service's ids, Solana by its genesis hash too, and no other", () => {
    expect(chainOfServiceId('ethereum-1')).toBe('ethereum')
    expect(chainOfServiceId('bsc-56')).toBe('bsc')
    expect(chainOfServiceId('solana-900')).toBe('solana')
    expect(chainOfServiceId('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d')).toBe('solana')
    expect(chainOfServiceId('polygon-137')).toBeNull()
    expect(chainOfServiceId('')).toBeNull()
  })
})
