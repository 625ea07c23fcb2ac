import { Dec } from '../../shared/decimal'
import { HoldingsFile } from '../core/holdings/holdings-file'
import { replayLedger } from '../core/holdings/ledger-replay'
import { defaultUserDataDir, USER_DATA_ENV } from '../core/storage/paths'
import { SettingsFile } from '../core/storage/settings-file'
import { addressForLog } from '../core/wallets/address'
import { CHAIN_NAME, WALLET_CHAINS, type WalletChain } from '../core/wallets/chains'
import { balanceRecords, reconcile } from '../core/wallets/reconcile'
import { TokenListingCache } from '../core/wallets/service-balances'
import { readWalletBalances, tokenName } from '../core/wallets/wallet-balances'
import { WalletsFile } from '../core/wallets/wallets-file'
import { RefusedChange } from '../core/storage/refused-change'
import { type CliIo, EXIT, UsageError, parseFlags, textTable, writeLine } from './io'
import { type StoredKeyReader, BASE_URL_HELP, parseBaseUrlFlag, serviceBaseUrl } from './service-args'
import { openClient } from './service-client'

const NO_WALLETS = 'No wallets are watched yet (add one with `tokenwatch wallet add ADDRESS`).'

/** `tokenwatch wallet add|list|remove|node|balances`: the watch-only wallets the app reads (issue 48). */

export const WALLET_USAGE = `Usage: tokenwatch wallet add ADDRESS [--label L]
       tokenwatch wallet list [--json]
       tokenwatch wallet remove ADDRESS|LABEL
       tokenwatch wallet node ethereum|bsc|solana URL|off
       tokenwatch wallet balances [--json] [--base-url URL]

  add       watch a wallet by its address: an 0x address (read on Ethereum and BNB Chain;
            checked with its EIP-55 checksum where it has capital letters) or a Solana
            address (base58). Watch-only: no private key or seed phrase is ever asked for.
  list      the watched wallets
  remove    stop watching a wallet, named by its address or its label
  node      read a chain's balances from a node of your own too (its JSON-RPC URL), or stop (off)
  balances  each wallet's balances from the service (and your nodes), with the ledger's quantity
            of each symbol and the difference (wallets minus ledger); --json prints
            [{"wallet", "label", "chain", "symbol", "tokenAddress", "balance", "source",
            "ledgerQuantity", "difference"}] with every figure a decimal string
  --base-url URL  ${BASE_URL_HELP}

The wallets are wallets.json in the app's data folder ($${USER_DATA_ENV} if set), shared with the
app. A wallet's address is sent only to the service and to the nodes you name.

Exit codes: 0 done, 1 the wallets or ledger file could not be used, 2 bad usage or a refused
address, 3 no API key or the key was rejected, 4 the service could not be used.
`

export interface WalletCommandDeps {
  readStoredKey?: StoredKeyReader
  now?: () => number
  timeoutMs?: number
  nodeTimeoutMs?: number
}

function positional(argv: string[], what: string): [string, string[]] {
  const [value, ...rest] = argv
  if (value === undefined || value.startsWith('-')) throw new UsageError(`give the ${what}.`)
  return [value, rest]
}

/** The ledger's quantity per symbol, with the app's cost method (the quantity is the same either way). */
async function ledgerQuantities(
  userDataDir: string,
  now: () => number,
): Promise<Map<string, string> | string> {
  const file = new HoldingsFile(userDataDir, now)
  const replay = replayLedger(await file.load(), (await new SettingsFile(userDataDir).load()).costMethod)
  const problem = file.problem()
  if (problem) return problem
  if (!replay.ok) return replay.oversold.message
  return new Map(replay.positions.map((position) => [position.symbol, position.quantity]))
}

async function balances(
  argv: string[],
  file: WalletsFile,
  io: CliIo,
  deps: WalletCommandDeps,
): Promise<number> {
  const values = parseFlags(argv, { json: { type: 'boolean' }, 'base-url': { type: 'string' } })
  const now = deps.now ?? Date.now
  const content = file.content()
  if (content.wallets.length === 0) {
    // The answer, on stdout as wallet list says it; with --json the empty list there and the words aside.
    if (values.json) io.stdout.write('[]\n')
    writeLine(values.json ? io.stderr : io.stdout, NO_WALLETS)
    return EXIT.ok
  }
  const ledger = await ledgerQuantities(defaultUserDataDir(io.env), now)
  if (typeof ledger === 'string') {
    writeLine(io.stderr, `tokenwatch wallet balances: ${ledger}`)
    return EXIT.failed
  }
  const baseUrl = await serviceBaseUrl(parseBaseUrlFlag(values['base-url']), 'wallet balances', io)
  const client = await openClient('wallet balances', io, baseUrl, deps)
  // Without a key the nodes alone are read, if any are named.
  if (typeof client === 'number' && Object.keys(content.nodes).length === 0) return client
  try {
    const report = await readWalletBalances({
      client: typeof client === 'number' ? null : client,
      content,
      listingCache: new TokenListingCache(now),
      now,
      nodeTimeoutMs: deps.nodeTimeoutMs,
    })
    for (const note of report.notes) writeLine(io.stderr, `note: ${note}`)
    const reconciliation = reconcile(report.rows, ledger)
    const records = balanceRecords(report.rows, reconciliation)
    if (values.json) io.stdout.write(`${JSON.stringify(records, null, 2)}\n`)
    else if (records.length === 0) writeLine(io.stdout, 'No balances read.')
    else {
      writeLine(
        io.stdout,
        textTable([
          ['WALLET', 'CHAIN', 'TOKEN', 'BALANCE', 'SOURCE'],
          ...report.rows.map((row) => [
            `${row.label} (${addressForLog(row.wallet)})`,
            CHAIN_NAME[row.chain],
            tokenName(row),
            row.balance,
            row.source,
          ]),
        ]),
      )
      writeLine(io.stdout, '')
      writeLine(
        io.stdout,
        textTable([
          ['SYMBOL', 'LEDGER', 'WALLETS', 'DIFFERENCE'],
          ...reconciliation.map((entry) => [
            entry.symbol,
            entry.ledgerQuantity ?? '0',
            entry.walletQuantity,
            new Dec(entry.difference).isZero() ? 'matches' : entry.difference,
          ]),
        ]),
      )
    }
    return typeof client === 'number' ? client : EXIT.ok
  } finally {
    if (typeof client !== 'number') await client.close()
  }
}

async function node(argv: string[], file: WalletsFile, io: CliIo): Promise<number> {
  const [chain, rest] = positional(argv, 'chain (ethereum, bsc or solana)')
  if (!(WALLET_CHAINS as readonly string[]).includes(chain))
    throw new UsageError(`the chain is ethereum, bsc or solana, not "${chain.slice(0, 20)}".`)
  const [url] = positional(rest, 'node URL, or off')
  await file.setNode(chain as WalletChain, url === 'off' ? null : url)
  writeLine(
    io.stdout,
    url === 'off'
      ? `${CHAIN_NAME[chain as WalletChain]}: read from the service only.`
      : `${CHAIN_NAME[chain as WalletChain]}: read from your node too.`,
  )
  return EXIT.ok
}

export async function runWalletCommand(
  argv: string[],
  io: CliIo,
  deps: WalletCommandDeps = {},
): Promise<number> {
  const [sub, ...rest] = argv
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout.write(WALLET_USAGE)
    return sub === undefined ? EXIT.usage : EXIT.ok
  }
  const file = new WalletsFile(defaultUserDataDir(io.env), deps.now)
  await file.load()
  const problem = file.problem()
  if (problem) {
    writeLine(io.stderr, `tokenwatch wallet: ${problem}`)
    if (sub !== 'list') return EXIT.failed
  }
  try {
    switch (sub) {
      case 'add': {
        const [address, flags] = positional(rest, 'address')
        const added = await file.add(address, parseFlags(flags, { label: { type: 'string' } }).label)
        writeLine(io.stdout, `Watching "${added.label}" (${addressForLog(added.address)}), watch-only.`)
        return EXIT.ok
      }
      case 'list': {
        const values = parseFlags(rest, { json: { type: 'boolean' } })
        const wallets = file.content().wallets
        if (values.json) io.stdout.write(`${JSON.stringify(wallets, null, 2)}\n`)
        else if (wallets.length === 0) writeLine(io.stdout, NO_WALLETS)
        else
          writeLine(
            io.stdout,
            textTable([
              ['LABEL', 'ADDRESS', 'ADDED'],
              ...wallets.map((wallet) => [wallet.label, wallet.address, wallet.addedAt]),
            ]),
          )
        return EXIT.ok
      }
      case 'remove': {
        const [named, extra] = positional(rest, 'address or label of the wallet to remove')
        if (extra.length > 0) throw new UsageError(`unexpected argument "${String(extra[0]).slice(0, 40)}".`)
        const removed = await file.remove(named)
        writeLine(io.stdout, `No longer watching "${removed.label}" (${addressForLog(removed.address)}).`)
        return EXIT.ok
      }
      case 'node':
        return await node(rest, file, io)
      case 'balances':
        return await balances(rest, file, io, deps)
      default:
        throw new UsageError(`unknown subcommand "${sub.slice(0, 20)}": add, list, remove, node or balances.`)
    }
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof RefusedChange)) throw error
    writeLine(
      io.stderr,
      `tokenwatch wallet ${sub}: ${error.message}` +
        (error instanceof UsageError ? ' (see tokenwatch wallet --help)' : ''),
    )
    return EXIT.usage
  }
}
