import { describe, expect, it } from 'vitest'
import { addressForLog, readWalletAddress } from '../../../src/main/core/wallets/address'

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
    expect(refusal(`${EVM.slice(0, -1)}D`)).toMatch(
      /capital letters do not match the address's checksum \(EIP-55\)/,
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
})

describe('addressForLog', () => {
  it('shows the last 4 characters only', () => {
    expect(addressForLog(EVM)).toBe('…eAed')
    expect(addressForLog(SOLANA)).toBe('…xuEb')
  })
})
