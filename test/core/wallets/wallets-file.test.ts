import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { readWalletAddress } from '../../../src/main/core/wallets/address'
import { MAX_WALLETS, WalletsFile } from '../../../src/main/core/wallets/wallets-file'
import { RefusedChange } from '../../../src/main/core/storage/refused-change'
import { cleanupAfterEach } from '../../support/cleanups'
import { failFsCall } from '../storage/storage-helpers'

const NOW = Date.parse('2026-11-25T15:30:00Z') // a Wednesday, 10:30 ET
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const SOLANA = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const { tempDir } = cleanupAfterEach('wallets-file-')
let dir: string

beforeEach(() => {
  dir = tempDir()
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
    // All capitals, its 0X too: as readWalletAddress reads it, the same wallet.
    expect((await file.remove(EVM.toUpperCase())).label).toBe('Ledger cold')
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

  it('says a wallets file it cannot read at all, and leaves it where it is', async () => {
    await mkdir(path.join(dir, 'wallets.json'))
    const file = new WalletsFile(dir)
    expect(await file.load()).toEqual({ version: 1, wallets: [], nodes: {} })
    expect(file.problem()).toBe(
      `The wallets file could not be read (${file.filePath} could not be read: ` +
        'a folder is in the way (EISDIR)).',
    )
    expect((await stat(file.filePath)).isDirectory()).toBe(true)
  })

  it('says a write that fails as its own error, not as a problem reading the file', async () => {
    const file = new WalletsFile(dir, () => NOW)
    await file.load()
    failFsCall('write', 'ENOSPC')
    await expect(file.add(SOLANA, 'Phantom')).rejects.toThrow(/the disk is full \(ENOSPC\)/)
    vi.restoreAllMocks()
    expect(file.problem()).toBeNull()
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

  it('labels a wallet by its last 4 unless named, trims the name, refuses a bad one', async () => {
    const file = new WalletsFile(dir, () => NOW)
    expect((await file.add(SOLANA)).label).toBe('Wallet xuEb')
    expect((await file.add(EVM, '  Ledger cold  ')).label).toBe('Ledger cold')
    const words = 'The label must be 1 to 40 characters, without control characters.'
    const other = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
    for (const bad of ['', '   ', 'x'.repeat(41), 'Hot\u0007'])
      expect(await refusal(file.add(other, bad))).toBe(words)
    expect((await file.add(other, 'x'.repeat(40))).label).toHaveLength(40)
    expect(await refusal(file.add(`0x${'1'.repeat(40)}`, 'LEDGER COLD'))).toBe(
      'The label "LEDGER COLD" is already used by another wallet.',
    )
  })

  it(`watches at most ${MAX_WALLETS} wallets`, async () => {
    const addresses = Array.from({ length: MAX_WALLETS + 1 }, (_, index) => {
      const reading = readWalletAddress(`0x${(index + 1).toString(16).padStart(40, '0')}`)
      if (!reading.ok) throw new Error(reading.reason)
      return reading.address
    })
    const stored = addresses.slice(0, MAX_WALLETS - 1).map((address, index) => ({
      address,
      label: `Desk ${index + 1}`,
      addedAt: '2026-11-20T15:00:00.000Z',
    }))
    await writeFile(
      path.join(dir, 'wallets.json'),
      JSON.stringify({ version: 1, wallets: stored, nodes: {} }),
    )
    const file = new WalletsFile(dir, () => NOW)
    await file.load()
    await file.add(addresses[MAX_WALLETS - 1] as string, 'Last one')
    expect(file.content().wallets).toHaveLength(MAX_WALLETS)
    expect(await refusal(file.add(addresses[MAX_WALLETS] as string, 'One too many'))).toBe(
      'At most 50 wallets can be watched.',
    )
  })

  it('removes only the wallet named, trimmed, and says when none has that name', async () => {
    const file = new WalletsFile(dir, () => NOW)
    await file.add(EVM, 'Ledger cold')
    await file.add(SOLANA, 'Phantom')
    expect((await file.remove('  Ledger Cold ')).address).toBe(EVM)
    expect(file.content().wallets.map((wallet) => wallet.label)).toEqual(['Phantom'])
    const error = await file.remove(SOLANA.toLowerCase()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RefusedChange)
    expect(error).toMatchObject({
      code: 'not-found',
      message: 'No watched wallet has that address or label.',
    })
  })

  it('sets aside a file with an address not checksummed, or a field it does not know', async () => {
    const file = new WalletsFile(dir)
    for (const content of [
      { version: 1, wallets: [{ address: EVM.toLowerCase(), label: 'Cold', addedAt: '' }], nodes: {} },
      { version: 1, wallets: [{ address: EVM, label: 'Cold', addedAt: '', key: 'x' }], nodes: {} },
      { version: 1, wallets: [], nodes: { polygon: 'http://127.0.0.1:8545' } },
      { version: 1, wallets: [], nodes: { ethereum: 'ftp://127.0.0.1' } },
    ]) {
      await writeFile(path.join(dir, 'wallets.json'), JSON.stringify(content))
      expect(await file.load()).toEqual({ version: 1, wallets: [], nodes: {} })
      expect(file.problem()).toMatch(/moved aside/)
    }
    // A good file read afterwards has no problem to say.
    const good = { version: 1, wallets: [{ address: EVM, label: 'Cold', addedAt: '' }], nodes: {} }
    await writeFile(path.join(dir, 'wallets.json'), JSON.stringify(good))
    expect(await file.load()).toEqual(good)
    expect(file.problem()).toBeNull()
  })

  it('takes a node at an http or https URL only, with no user name or password', async () => {
    const file = new WalletsFile(dir)
    const words = 'A node is an http or https URL, without a user name or password in it.'
    for (const url of [
      'ws://127.0.0.1:8546',
      'node.example',
      'https://key@node.example',
      'https://:pw@node.example',
    ])
      expect(await refusal(file.setNode('solana', url))).toBe(words)
    await file.setNode('solana', 'https://127.0.0.1:8899/rpc')
    await file.setNode('bsc', 'http://127.0.0.1:8546')
    await file.setNode('solana', null)
    expect(file.content().nodes).toEqual({ bsc: 'http://127.0.0.1:8546' })
  })
})
