import path from 'node:path'
import { z } from 'zod'
import { JsonFile, type JsonFileProblem } from '../storage/json-file'
import { RefusedChange } from '../storage/refused-change'
import { readWalletAddress, sameAddress } from './address'
import { WALLET_CHAINS, type WalletChain } from './chains'

/**
 * `wallets.json` in the user data folder: the watch-only wallets (address and label) and the node
 * the person named for each chain, if any. Through `JsonFile`, as the settings and the ledger:
 * schema-checked on read (a corrupt file set aside and said), written atomically with mode 0600
 * under a lock the app and the command line share. No key, seed or anything that signs is ever
 * kept: the app only reads balances.
 */

export const WALLETS_FILE_NAME = 'wallets.json'
export const MAX_WALLETS = 50
export const MAX_LABEL = 40

/** An address as stored: valid, and in its one written form (EVM checksummed). */
const storedAddress = z
  .string()
  .max(100)
  .refine((value) => {
    const reading = readWalletAddress(value)
    return reading.ok && reading.address === value
  }, 'not a wallet address in its checksummed form')

const label = z
  .string()
  .trim()
  .min(1)
  .max(MAX_LABEL)
  .regex(/^[^\p{Cc}]*$/u, 'no control characters')

/** A node of the person's own: any http(s) URL they typed (it may be a LAN box or a provider). */
export const nodeUrlSchema = z
  .string()
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value)
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
      )
    } catch {
      return false
    }
  }, 'an http or https URL without a user name or password')

export const walletSchema = z.object({ address: storedAddress, label, addedAt: z.string().max(40) }).strict()
export type Wallet = z.output<typeof walletSchema>

const walletsFileSchema = z
  .object({
    version: z.literal(1),
    wallets: z.array(walletSchema).max(MAX_WALLETS),
    nodes: z
      .object(
        Object.fromEntries(WALLET_CHAINS.map((chain) => [chain, nodeUrlSchema.optional()])) as Record<
          WalletChain,
          z.ZodOptional<typeof nodeUrlSchema>
        >,
      )
      .strict(),
  })
  .strict()
export type WalletsFileContent = z.output<typeof walletsFileSchema>

const empty = (): WalletsFileContent => ({ version: 1, wallets: [], nodes: {} })

function describeReadProblem(problem: JsonFileProblem): string {
  if (problem.movedTo)
    return `The wallets file was unreadable and was moved aside to ${problem.movedTo}; no wallets are in use.`
  return `The wallets file could not be read (${problem.message}).`
}

export class WalletsFile {
  private readonly file: JsonFile<WalletsFileContent>
  private current = empty()
  private readProblem: string | null = null

  constructor(
    userDataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.file = new JsonFile(path.join(userDataDir, WALLETS_FILE_NAME), walletsFileSchema, empty, {
      onProblem: (problem) => {
        if (problem.kind !== 'write-failed') this.readProblem = describeReadProblem(problem)
      },
    })
  }

  get filePath(): string {
    return this.file.path
  }

  async load(): Promise<WalletsFileContent> {
    this.readProblem = null
    this.current = (await this.file.read()).value
    return this.current
  }

  content(): WalletsFileContent {
    return this.current
  }

  problem(): string | null {
    return this.readProblem
  }

  /** Adds a wallet by the address as typed; the label defaults to the address's last 4 characters. */
  async add(typedAddress: string, typedLabel?: string): Promise<Wallet> {
    const reading = readWalletAddress(typedAddress)
    // Every refusal here is 'failed', said under the field: 'invalid-argument' is the IPC contract's own.
    if (!reading.ok) throw new RefusedChange('failed', `Not a wallet address: ${reading.reason}.`)
    const checkedLabel = label.safeParse(typedLabel ?? `Wallet ${reading.address.slice(-4)}`)
    if (!checkedLabel.success)
      throw new RefusedChange(
        'failed',
        `The label must be 1 to ${MAX_LABEL} characters, without control characters.`,
      )
    const wallet: Wallet = {
      address: reading.address,
      label: checkedLabel.data,
      addedAt: new Date(this.now()).toISOString(),
    }
    this.current = await this.file.update((current) => {
      const watched = current.wallets.find((known) => sameAddress(known.address, wallet.address))
      if (watched)
        throw new RefusedChange('failed', `This wallet is already watched (as "${watched.label}").`)
      if (
        current.wallets.some((known) => known.label.toLocaleLowerCase() === wallet.label.toLocaleLowerCase())
      )
        throw new RefusedChange('failed', `The label "${wallet.label}" is already used by another wallet.`)
      if (current.wallets.length >= MAX_WALLETS)
        throw new RefusedChange('failed', `At most ${MAX_WALLETS} wallets can be watched.`)
      return { ...current, wallets: [...current.wallets, wallet] }
    })
    return wallet
  }

  /** Removes the wallet named by its address (any case for EVM) or its label. */
  async remove(addressOrLabel: string): Promise<Wallet> {
    const wanted = addressOrLabel.trim()
    let removed: Wallet | undefined
    this.current = await this.file.update((current) => {
      removed = current.wallets.find(
        (wallet) =>
          sameAddress(wallet.address, wanted) ||
          wallet.label.toLocaleLowerCase() === wanted.toLocaleLowerCase(),
      )
      if (!removed) throw new RefusedChange('not-found', 'No watched wallet has that address or label.')
      return { ...current, wallets: current.wallets.filter((wallet) => wallet !== removed) }
    })
    return removed as Wallet
  }

  /** Names the node to read a chain from, or (null) reads it from the service only. */
  async setNode(chain: WalletChain, url: string | null): Promise<void> {
    if (url !== null && !nodeUrlSchema.safeParse(url).success)
      throw new RefusedChange(
        'failed',
        'A node is an http or https URL, without a user name or password in it.',
      )
    this.current = await this.file.update((current) => {
      const nodes = { ...current.nodes }
      if (url === null) delete nodes[chain]
      else nodes[chain] = url
      return { ...current, nodes }
    })
  }
}
