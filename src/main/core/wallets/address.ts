import { isAddress as isSolanaAddress } from '@solana/addresses'
import { checksum, validate as isEvmAddress } from 'ox/Address'
import { type AddressKind, CHAINS_OF_KIND, type WalletChain } from './chains'

/**
 * A wallet address as typed: an EVM address checked with its EIP-55 checksum, or a Solana address
 * as a base58 32-byte key. The checks are the chain clients' own, from the packages they are built
 * on (ox under viem, @solana/addresses under @solana/kit): every stored wallet is checked as the
 * app starts, and the whole clients would load some 10 MB onto the main thread for it. The kind
 * decides the chains it is read on. A refusal says in words what is wrong, so the person can fix
 * the one character.
 */

export type AddressReading =
  | { ok: true; address: string; kind: AddressKind; chains: readonly WalletChain[] }
  | { ok: false; reason: string }

/** Wallet addresses are personal data: longer than any address, an input is not one. */
const MAX_INPUT = 100
const BASE58_ALPHABET = /^[1-9A-HJ-NP-Za-km-z]+$/
/** The four characters base58 leaves out because they read like others. */
const NOT_BASE58: Record<string, string> = { '0': 'zero', O: 'capital O', I: 'capital I', l: 'lower-case l' }

function readEvm(input: string): AddressReading {
  const digits = input.slice(2)
  if (!/^[0-9a-fA-F]*$/.test(digits))
    return { ok: false, reason: 'an 0x address has only the hex digits 0-9 and a-f after the 0x' }
  if (digits.length !== 40)
    return {
      ok: false,
      reason: `an 0x address has 40 hex digits after the 0x; this one has ${digits.length}`,
    }
  // All one case carries no checksum (EIP-55): accepted as written and stored checksummed.
  const mixed = digits !== digits.toLowerCase() && digits !== digits.toUpperCase()
  if (mixed && !isEvmAddress(input, { strict: true }))
    return {
      ok: false,
      reason:
        "the capital letters do not match the address's checksum (EIP-55): " +
        'a character may be mistyped; copy the address again',
    }
  return { ok: true, address: checksum(input.toLowerCase()), kind: 'evm', chains: CHAINS_OF_KIND.evm }
}

function readSolana(input: string): AddressReading {
  const wrong = [...new Set([...input].filter((character) => character in NOT_BASE58))]
  if (wrong.length > 0)
    return {
      ok: false,
      reason:
        `a Solana address never contains ` +
        wrong.map((character) => `"${character}" (${NOT_BASE58[character]})`).join(', ') +
        `: base58 leaves out 0, O, I and l`,
    }
  if (!BASE58_ALPHABET.test(input))
    return { ok: false, reason: 'a Solana address has only letters and digits (base58)' }
  if (!isSolanaAddress(input))
    return {
      ok: false,
      reason:
        'this is not a Solana address: it does not decode to a 32-byte ' +
        'key (a character may be missing or extra)',
    }
  return { ok: true, address: input, kind: 'solana', chains: CHAINS_OF_KIND.solana }
}

export function readWalletAddress(typed: string): AddressReading {
  const input = typed.trim()
  if (input === '') return { ok: false, reason: 'give an address' }
  if (input.length > MAX_INPUT) return { ok: false, reason: `an address is at most ${MAX_INPUT} characters` }
  if (/\.(eth|bnb|sol)$/i.test(input) || (input.includes('.') && !input.startsWith('0x')))
    return {
      ok: false,
      reason: 'names such as vitalik.eth (ENS and the like) are not supported ' + 'yet: give the 0x address',
    }
  if (/^0x/i.test(input)) return readEvm(`0x${input.slice(2)}`)
  return readSolana(input)
}

/**
 * An address as every log line shows it: its last 4 characters only (issue 48, privacy), enough
 * to tell one's own wallets apart and too little to look one up.
 */
export function addressForLog(address: string): string {
  return `…${address.slice(-4)}`
}

/**
 * `text` with each of `addresses` cut to its last 4 characters, wherever it is written: a service
 * or a node may echo the address in its error message (`userAddress 0x5aae… is not…`), and what is
 * said of a reading is logged. EVM addresses are found in any case, with or without their 0x.
 */
export function withAddressesShortened(text: string, addresses: readonly string[]): string {
  return addresses.reduce((shortened, address) => {
    const written = address.startsWith('0x')
      ? new RegExp(`(?:0x)?${address.slice(2)}`, 'gi')
      : new RegExp(address, 'g') // base58: letters and digits only, nothing to escape
    return shortened.replace(written, addressForLog(address))
  }, text)
}

/**
 * Two readings of one wallet are the same: EVM addresses compare without case, their 0x prefix too
 * (readWalletAddress takes 0X). No Solana address starts so: base58 has no 0.
 */
export function sameAddress(a: string, b: string): boolean {
  const evm = /^0x/i
  return evm.test(a) && evm.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b
}
