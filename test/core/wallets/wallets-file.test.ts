import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WalletsFile } from '../../../src/main/core/wallets/wallets-file'
import { RefusedChange } from '../../../src/main/core/storage/refused-change'

const NOW = Date.parse('2026-11-25T15:30:00Z') // a Wednesday, 10:30 ET
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const SOLANA = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wallets-file-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RefusedChange)
  return (error as RefusedChange).message
}

describe('WalletsFile', () => {
  it('keeps wallets in wallets.json with mode 0600, read back by a second reader', async () => {
    const file = new WalletsFile(dir, () => NOW)
    await file.add(EVM.toLowerCase(), 'Ledger cold')
    await file.add(SOLANA, 'Phantom')
    const other = new WalletsFile(dir)
    expect((await other.load()).wallets).toEqual([
      { address: EVM, label: 'Ledger cold', addedAt: '2026-11-25T15:30:00.000Z' },
      { address: SOLANA, label: 'Phantom', addedAt: '2026-11-25T15:30:00.000Z' },
    ])
    if (process.platform !== 'win32') expect((await stat(file.filePath)).mode & 0o777).toBe(0o600)
  })

  it('refuses a bad address in words and a wallet already watched', async () => {
    const file = new WalletsFile(dir, () => NOW)
    expect(await refusal(file.add(EVM.slice(0, -1)))).toMatch(
      /^Not a wallet address: an 0x address has 40 hex digits/,
    )
    await file.add(EVM, 'Ledger cold')
    expect(await refusal(file.add(EVM.toLowerCase(), 'Again'))).toBe(
      'This wallet is already watched (as "Ledger cold").',
    )
  })

  it('removes a wallet by its label or by its address in any case', async () => {
    const file = new WalletsFile(dir, () => NOW)
    await file.add(EVM, 'Ledger cold')
    await file.add(SOLANA, 'Phantom')
    expect((await file.remove('phantom')).address).toBe(SOLANA)
    expect((await file.remove(EVM.toUpperCase().replace('0X', '0x'))).label).toBe('Ledger cold')
    expect(file.content().wallets).toEqual([])
  })

  it('sets a file that fails its schema aside and says so, rather than reading it', async () => {
    await writeFile(
      path.join(dir, 'wallets.json'),
      JSON.stringify({
        version: 1,
        wallets: [{ address: `${EVM.slice(0, -1)}D`, label: 'x', addedAt: '' }],
        nodes: {},
      }),
    )
    const file = new WalletsFile(dir)
    expect((await file.load()).wallets).toEqual([])
    expect(file.problem()).toMatch(
      /The wallets file was unreadable and was moved aside to .*wallets\.json\.corrupt-/,
    )
  })

  it('keeps a node URL per chain and refuses one with credentials in it', async () => {
    const file = new WalletsFile(dir)
    await file.setNode('ethereum', 'http://127.0.0.1:8545')
    expect(JSON.parse(await readFile(file.filePath, 'utf8')).nodes).toEqual({
      ethereum: 'http://127.0.0.1:8545',
    })
    expect(await refusal(file.setNode('bsc', 'https://me:secret@node.example'))).toMatch(
      /without a user name or password/,
    )
    await file.setNode('ethereum', null)
    expect(file.content().nodes).toEqual({})
  })
})
