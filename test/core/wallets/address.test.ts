import { describe, expect, it } from 'vitest'
import {
  addressForLog,
  readWalletAddress,
  sameAddress,
  withAddressesShortened,
} from '../../../src/main/core/wallets/address'

// A checksummed address from EIP-55's own examples, and its Solana counterpart (the Token-2022 program id).
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const SOLANA = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

function refusal(input: string): string {
  const reading = readWalletAddress(input)
  if (reading.ok) throw new Error(`${input} was accepted`)
  return reading.reason
}

describe('readWalletAddress', () => {
  it('reads a checksummed EVM address as a wallet on Ethereum and BNB Chain', () => {
    expect(readWalletAddress(`  ${EVM} `)).toEqual({
      ok: true,
      address: EVM,
      kind: 'evm',
      chains: ['ethereum', 'bsc'],
    })
  })

  it('accepts an all-lower-case address (no checksum to check) and stores it checksummed', () => {
    expect(readWalletAddress(EVM.toLowerCase())).toMatchObject({ ok: true, address: EVM })
  })

  it('refuses mixed case with a wrong checksum, in words', () => {
    // One letter's case changed: the last "d" capitalised.
    expect(refusal(`${EVM.slice(0, -1)}D`)).toBe(
      "the capital letters do not match the address's checksum (EIP-55): " +
        'a character may be mistyped; copy the address again',
    )
  })

  it('refuses 39 and 41 hex digits, saying how many there are', () => {
    expect(refusal(EVM.slice(0, -1))).toBe('an 0x address has 40 hex digits after the 0x; this one has 39')
    expect(refusal(`${EVM.toLowerCase()}a`)).toBe(
      'an 0x address has 40 hex digits after the 0x; this one has 41',
    )
  })

  it('says an ENS name is not supported yet', () => {
    expect(refusal('vitalik.eth')).toMatch(/not supported yet/)
  })

  it('reads a base58 32-byte key as a wallet on Solana', () => {
    expect(readWalletAddress(SOLANA)).toEqual({
      ok: true,
      address: SOLANA,
      kind: 'solana',
      chains: ['solana'],
    })
  })

  it.each([
    ['0', 'zero'],
    ['O', 'capital O'],
    ['I', 'capital I'],
    ['l', 'lower-case l'],
  ])('refuses a Solana address containing %s, naming it', (character, name) => {
    expect(refusal(`${SOLANA.slice(0, 10)}${character}${SOLANA.slice(11)}`)).toBe(
      `a Solana address never contains "${character}" (${name}): base58 leaves out 0, O, I and l`,
    )
  })

  it('refuses base58 that is not 32 bytes', () => {
    expect(refusal(SOLANA.slice(0, 30))).toMatch(/does not decode to a 32-byte key/)
  })

  it('asks for an address when given only blanks, and refuses past 100 characters', () => {
    expect(refusal('   ')).toBe('give an address')
    expect(refusal(`0x${'a'.repeat(99)}`)).toBe('an address is at most 100 characters')
    // 100 exactly is not refused for its length: it is read, and refused for what it is.
    expect(refusal(`0x${'a'.repeat(98)}`)).toBe(
      'an 0x address has 40 hex digits after the 0x; this one has 98',
    )
  })

  it('refuses any dotted name, but reads a dotted 0x input as a mistyped address', () => {
    expect(refusal('cold.wallet')).toMatch(
      /^names such as vitalik\.eth \(ENS and the like\) are not supported yet/,
    )
    expect(refusal('TRADER.BNB')).toMatch(/not supported yet/)
    // 0x only at the start makes an EVM address; a name only at the end makes a name.
    expect(refusal(`ab${EVM}`)).toMatch(/^a Solana address never contains "0" \(zero\)/)
    expect(refusal(`${EVM.slice(0, 12)}.ethereum`)).toBe(
      'an 0x address has only the hex digits 0-9 and a-f after the 0x',
    )
    expect(refusal(`${EVM.slice(0, 12)}.${EVM.slice(13)}`)).toBe(
      'an 0x address has only the hex digits 0-9 and a-f after the 0x',
    )
  })

  it('reads an upper-case 0X prefix and all-capital digits (no checksum) as the checksummed address', () => {
    expect(readWalletAddress(`0X${EVM.slice(2)}`)).toMatchObject({ ok: true, address: EVM, kind: 'evm' })
    expect(readWalletAddress(`0x${EVM.slice(2).toUpperCase()}`)).toMatchObject({ ok: true, address: EVM })
  })

  it('names each character base58 leaves out once, in the order typed', () => {
    expect(refusal(`0${SOLANA.slice(1, 10)}O0${SOLANA.slice(12)}`)).toBe(
      'a Solana address never contains "0" (zero), "O" (capital O): base58 leaves out 0, O, I and l',
    )
  })

  it('refuses a Solana address with a character outside letters and digits', () => {
    expect(refusal(`${SOLANA.slice(0, 20)}-${SOLANA.slice(21)}`)).toBe(
      'a Solana address has only letters and digits (base58)',
    )
  })
})

describe('addressForLog', () => {
  it('shows the last 4 characters only', () => {
    expect(addressForLog(EVM)).toBe('…eAed')
    expect(addressForLog(SOLANA)).toBe('…xuEb')
  })
})

describe('withAddressesShortened', () => {
  it('cuts every address to its last 4 wherever written: EVM in any case, with or without 0x', () => {
    const text =
      `userAddress ${EVM.toLowerCase()} is not valid; ${EVM.slice(2).toUpperCase()} again, ` +
      `and Invalid param: ${SOLANA} (owner ${SOLANA})`
    expect(withAddressesShortened(text, [EVM, SOLANA])).toBe(
      'userAddress …eAed is not valid; …eAed again, and Invalid param: …xuEb (owner …xuEb)',
    )
  })

  it('leaves a Solana address written in another case alone (base58 is case-sensitive)', () => {
    expect(withAddressesShortened(`param ${SOLANA.toLowerCase()}`, [SOLANA])).toBe(
      `param ${SOLANA.toLowerCase()}`,
    )
  })
})

describe('sameAddress', () => {
  it('compares EVM addresses without case and Solana addresses with it', () => {
    expect(sameAddress(EVM, EVM.toLowerCase())).toBe(true)
    expect(sameAddress(EVM, `0x${'1'.repeat(40)}`)).toBe(false)
    expect(sameAddress(SOLANA, SOLANA)).toBe(true)
    expect(sameAddress(SOLANA, SOLANA.toLowerCase())).toBe(false)
  })

  it('takes an upper-case 0X prefix for the same EVM address, as readWalletAddress does', () => {
    const upperPrefix = `0X${EVM.slice(2)}`
    expect(sameAddress(EVM, upperPrefix)).toBe(true)
    expect(sameAddress(upperPrefix, EVM)).toBe(true)
    expect(sameAddress(EVM.toUpperCase(), `0x${EVM.slice(2).toLowerCase()}`)).toBe(true)
    expect(sameAddress(upperPrefix, `0X${EVM.slice(2, -1)}0`)).toBe(false)
    // A Solana address is compared as written, whatever the other is.
    expect(sameAddress(upperPrefix, SOLANA)).toBe(false)
  })
})
