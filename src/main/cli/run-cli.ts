import { followTimeZoneSetting } from '../core/screen-time'
import { defaultUserDataDir } from '../core/storage/paths'
import { SettingsFile } from '../core/storage/settings-file'
import { runCapacityCommand } from './capacity-command'
import { runDepthCommand } from './depth-command'
import { runDividendsCommand } from './dividends-command'
import { runExportCommand } from './export-command'
import { runHistoryCommand } from './history-command'
import { runHoldingsCommand } from './holdings-command'
import { runPortfolioCommand } from './portfolio-command'
import { type CliIo, EXIT, guardedIo } from './io'
import { runKeyCommand } from './key-command'
import { runSessionsCommand } from './sessions-command'
import { runSimCommand } from './sim-command'
import { runSnapshotCommand } from './snapshot-command'
import { runTxCommand } from './tx-command'
import { runStatusCommand } from './status-command'
import { runWatchCommand } from './watch-command'
import { runWalletCommand } from './wallet-command'

/**
 * `tokenwatch <command> ...`: picks the command module and hands it the rest of the arguments.
 * Each command returns its exit code and writes only through `io`.
 */

type Command = (argv: string[], io: CliIo) => Promise<number>

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  snapshot: { run: runSnapshotCommand, summary: 'fetch prices, market data and limits once and print them' },
  key: { run: runKeyCommand, summary: 'store, check or clear the API key in the system keychain' },
  export: {
    run: runExportCommand,
    summary: 'print the watchlist with the last cached quotes as CSV or JSON',
  },
  watch: {
    run: runWatchCommand,
    summary: 'print each price change as the app sees it, streamed or polled (NDJSON with --json)',
  },
  sessions: {
    run: runSessionsCommand,
    summary: 'say which trading session runs now or at each --at (US Eastern time)',
  },
  tx: { run: runTxCommand, summary: 'add, list, import or remove transactions of the holdings ledger' },
  holdings: {
    run: runHoldingsCommand,
    summary: 'print positions and P&L at the latest prices (JSON with --json)',
  },
  portfolio: {
    run: runPortfolioCommand,
    summary: 'the portfolio over a range: value, cost and P&L, returns, benchmarks, where the P&L came from',
  },
  status: {
    run: runStatusCommand,
    summary:
      'what the service says of the market now: its state, checked ' +
      'against our calendar, and asset pauses',
  },
  capacity: { run: runCapacityCommand, summary: 'how much of a token can be bought or sold now' },
  depth: {
    run: runDepthCommand,
    summary: "a token's streamed depth ladder and what a size would cost on it now",
  },
  dividends: {
    run: runDividendsCommand,
    summary: "a token's dividend yield, payout frequency and last payment",
  },
  history: {
    run: runHistoryCommand,
    summary: "a token's history for 1d 1w 1m 3m 6m 1y or all: candles, the stock and the premium",
  },
  wallet: {
    run: runWalletCommand,
    summary: 'watch wallets by address and read their balances against the ledger',
  },
  sim: { run: runSimCommand, summary: 'serve the simulated market-data API on 127.0.0.1 until stopped' },
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
  return command.run(rest, verbose ? { ...io, verbose } : io)
}
