import { followTimeZoneSetting } from '../core/screen-time'
import { defaultUserDataDir } from '../core/storage/paths'
import { SettingsFile } from '../core/storage/settings-file'
import { type CliIo, EXIT, guardedIo } from './io'

/**
 * `tokenwatch <command> ...`: picks the command module and hands it the rest of the arguments.
 * Each command returns its exit code and writes only through `io`.
 */

type Command = (argv: string[], io: CliIo) => Promise<number>

/**
 * Each command's module is loaded when it is run: the usage, and every command, then load only
 * what they use (the chain clients, the gRPC stack and the simulator load only for the commands
 * that read a wallet, stream or serve; on a busy host they took seconds to load).
 */
const COMMANDS: Record<string, { load: () => Promise<Command>; summary: string }> = {
  snapshot: {
    load: () => import('./snapshot-command').then((module) => module.runSnapshotCommand),
    summary: 'fetch prices, market data and limits once and print them',
  },
  key: {
    load: () => import('./key-command').then((module) => module.runKeyCommand),
    summary: 'store, check or clear the API key in the system keychain',
  },
  export: {
    load: () => import('./export-command').then((module) => module.runExportCommand),
    summary: 'print the watchlist with the last cached quotes as CSV or JSON',
  },
  watch: {
    load: () => import('./watch-command').then((module) => module.runWatchCommand),
    summary: 'print each price change as the app sees it, streamed or polled (NDJSON with --json)',
  },
  sessions: {
    load: () => import('./sessions-command').then((module) => module.runSessionsCommand),
    summary: 'say which trading session runs now or at each --at (US Eastern time)',
  },
  tx: {
    load: () => import('./tx-command').then((module) => module.runTxCommand),
    summary: 'add, list, import or remove transactions of the holdings ledger',
  },
  holdings: {
    load: () => import('./holdings-command').then((module) => module.runHoldingsCommand),
    summary: 'print positions and P&L at the latest prices (JSON with --json)',
  },
  portfolio: {
    load: () => import('./portfolio-command').then((module) => module.runPortfolioCommand),
    summary: 'the portfolio over a range: value, cost and P&L, returns, benchmarks, where the P&L came from',
  },
  status: {
    load: () => import('./status-command').then((module) => module.runStatusCommand),
    summary:
      'what the service says of the market now: its state, checked ' +
      'against our calendar, and asset pauses',
  },
  capacity: {
    load: () => import('./capacity-command').then((module) => module.runCapacityCommand),
    summary: 'how much of a token can be bought or sold now',
  },
  depth: {
    load: () => import('./depth-command').then((module) => module.runDepthCommand),
    summary: "a token's streamed depth ladder and what a size would cost on it now",
  },
  dividends: {
    load: () => import('./dividends-command').then((module) => module.runDividendsCommand),
    summary: "a token's dividend yield, payout frequency and last payment",
  },
  history: {
    load: () => import('./history-command').then((module) => module.runHistoryCommand),
    summary: "a token's history for 1d 1w 1m 3m 6m 1y or all: candles, the stock and the premium",
  },
  wallet: {
    load: () => import('./wallet-command').then((module) => module.runWalletCommand),
    summary: 'watch wallets by address and read their balances against the ledger',
  },
  sim: {
    load: () => import('./sim-command').then((module) => module.runSimCommand),
    summary: 'serve the simulated market-data API on 127.0.0.1 until stopped',
  },
}

export const CLI_USAGE = `Usage: tokenwatch <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(10)}${command.summary}`)
  .join('\n')}

Every command that asks the service asks the one in the app's settings (settings.json in the
app's data folder, TOKENWATCH_USER_DATA to point elsewhere) unless given --base-url URL; with
--verbose it says on stderr which it asks and where that came from.

Run \`tokenwatch <command> --help\` for a command's options.
`

export async function runCli(argv: string[], given: CliIo): Promise<number> {
  const io = guardedIo(given)
  // --verbose is every command's, so it is taken here rather than by each command's flags.
  const verbose = argv.includes('--verbose')
  const [name, ...rest] = argv.filter((arg) => arg !== '--verbose')
  if (name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(CLI_USAGE)
    return EXIT.ok
  }
  const command = name === undefined ? undefined : COMMANDS[name]
  if (!command) {
    io.stderr.write(
      `${name === undefined ? 'No command given.' : `Unknown command "${name.slice(0, 40)}".`}` +
        `\n\n${CLI_USAGE}`,
    )
    return EXIT.usage
  }
  // The times a command words (a ledger's refusal, the status's pauses) are said in the zone the
  // app's Settings chose, as the window says them; --json keeps ISO whatever the choice.
  followTimeZoneSetting((await new SettingsFile(defaultUserDataDir(io.env)).load()).timeZone)
  const run = await command.load()
  return run(rest, verbose ? { ...io, verbose } : io)
}
