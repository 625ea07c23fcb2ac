import type { AssetQuote } from '../../../shared/domain'
import type { CostMethod, HoldingsReport, LedgerView, Transaction } from '../../../shared/holdings'
import type { ExportResult } from '../../../shared/transfer'
import type { HoldingsFile } from './holdings-file'
import { RefusedChange } from '../storage/refused-change'
import { inTimeOrder, replayLedger } from './ledger-replay'
import { transactionsCsv } from './transactions-csv'
import { holdingsReport } from './valuation'
import { reportForWindow } from './window-figures'
import type { SomeCommandHandlers } from '../command-handlers'
import type { Clock } from '../clock'
import type { AssetListing, PollFeed } from '../feed/poll-feed'
import type { SettingsFile } from '../storage/settings-file'
import type { PositionsTracker } from './positions-tracker'

/** What the holdings' commands use: the ledger, the latest quotes, and the app's reaction to a change. */
export interface HoldingsCommandContext {
  holdings: HoldingsFile
  /** The positions valued at the latest quotes, as last pushed to the window. */
  positions: PositionsTracker
  settings: Pick<SettingsFile, 'get'>
  feed: Pick<PollFeed, 'snapshot'>
  /** Every asset the service lists (the feed's, asked where the polls run). */
  listing: AssetListing
  clock: Clock
  /** The ledger changed: poll the symbols now held too. */
  holdingsChanged<T>(result: T): T
  /** The shell's save dialog: resolves to the saved path, or null when cancelled. */
  saveExport?: (fileName: string, content: string) => Promise<string | null>
}

/**
 * The holdings ledger from the window: list, add, edit, delete and put back, import and export as
 * CSV, and the positions valued at the feed's latest quotes. The arguments arrive checked against
 * the contract; HoldingsFile checks them again against the clock and the whole ledger.
 */
export function holdingsCommands(
  context: HoldingsCommandContext,
): SomeCommandHandlers<
  | 'listTransactions'
  | 'addTransaction'
  | 'editTransaction'
  | 'removeTransaction'
  | 'restoreTransaction'
  | 'importTransactions'
  | 'exportTransactions'
  | 'getHoldings'
  | 'getPortfolio'
> {
  const { holdings, holdingsChanged } = context
  return {
    listTransactions: async () => ledgerView(holdings),
    addTransaction: async (input) => {
      const added = await holdings.add(input)
      return holdingsChanged({
        ...ledgerView(holdings),
        warning: await unlistedWarning(context, added.symbol),
      })
    },
    editTransaction: async ({ id, transaction }) => {
      const edited = await holdings.edit(id, transaction)
      return holdingsChanged({
        ...ledgerView(holdings),
        warning: await unlistedWarning(context, edited.symbol),
      })
    },
    removeTransaction: async ({ id }) =>
      holdingsChanged({ ...(await holdings.remove(id)), ledger: ledgerView(holdings) }),
    restoreTransaction: async (removed) => {
      await holdings.restore(removed)
      return holdingsChanged(ledgerView(holdings))
    },
    importTransactions: async (file) => {
      const bytes = 'text' in file ? new TextEncoder().encode(file.text) : Buffer.from(file.base64, 'base64')
      const { read, added } = await holdings.importCsv(bytes)
      if (!read.ok) return { added: 0, problems: read.problems, duplicates: [], ledger: ledgerView(holdings) }
      return holdingsChanged({
        added: added.length,
        problems: [],
        duplicates: read.duplicates,
        ledger: ledgerView(holdings),
      })
    },
    exportTransactions: async () => exportLedger(context, holdings.transactions()),
    getHoldings: async ({ method = context.settings.get().costMethod }) => currentHoldings(context, method),
    // The positions as main keeps them, for a window that starts (it then follows the pushes).
    getPortfolio: async () => context.positions.current(),
  }
}

/**
 * The positions by `method` (the CLI may ask for another than the window's), their quantities from
 * the source Settings chose, at the latest quotes,
 * bounded as everything main answers over IPC (window-figures.ts).
 */
function currentHoldings(context: HoldingsCommandContext, method: CostMethod): HoldingsReport {
  const replay = replayLedger(context.holdings.transactions(), method)
  // The file's own checks keep a refused ledger from being saved; one edited by hand is said.
  if (!replay.ok)
    throw new RefusedChange('failed', `Your holdings file does not add up: ${replay.oversold.message}.`)
  const quotes = new Map<string, AssetQuote>(
    context.feed.snapshot().assets.map((asset) => [asset.symbol, asset]),
  )
  const sourced = context.positions.sourced(replay.positions)
  return reportForWindow(holdingsReport(sourced, quotes, method, context.clock.now()))
}

/**
 * A symbol the service does not list is kept (a delisted token is still held) and said. Without a
 * listing to ask (the service is down), nothing is said rather than something untrue.
 */
async function unlistedWarning(context: HoldingsCommandContext, symbol: string): Promise<string | null> {
  const listed = await context.listing.listAssets().catch(() => null)
  if (listed === null || listed.some((asset) => asset.symbol === symbol)) return null
  return (
    `${symbol} is not in the service's listing (it may have been ` +
    `delisted); the transaction is kept, but the position has no ` +
    `price to be valued at`
  )
}

function ledgerView(holdings: HoldingsFile): LedgerView {
  return { transactions: inTimeOrder(holdings.transactions()), problem: holdings.problem() }
}

async function exportLedger(
  context: HoldingsCommandContext,
  transactions: Transaction[],
): Promise<ExportResult> {
  const content = transactionsCsv(transactions)
  const fileName = `tokenwatch-transactions-${new Date(context.clock.now()).toISOString().slice(0, 10)}.csv`
  if (!context.saveExport) return { fileName, savedTo: null, content }
  return { fileName, savedTo: await context.saveExport(fileName, content), content: null }
}
