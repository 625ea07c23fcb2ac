import {
  type ExportFormat,
  importExportedLists,
  importWatchlist,
  partitionByListing,
} from '../../../shared/export-format'
import type { HistoryRange } from '../../../shared/history'
import { ListingIndex } from '../../../shared/listing-index'
import type { ExportResult, ImportResult } from '../../../shared/transfer'
import { activeList } from '../../../shared/watchlists'
import type { SomeCommandHandlers } from '../command-handlers'
import { importListsInto } from './list-import'
import { exportWatchlist } from './watchlist-export'
import type { Transaction, ValuedPosition } from '../../../shared/holdings'
import type { Settings } from '../../../shared/settings'
import type { Clock } from '../clock'
import type { AssetListing, PollFeed } from '../feed/poll-feed'
import { findList, type SettingsFile } from '../storage/settings-file'

/**
 * Watchlists out to a file (CSV, JSON) and in from a file or pasted text; a symbol's shown history
 * out to a CSV file.
 */
/**
 * What the lists and their transfers use: the settings file that holds the lists, the feed's
 * quotes and listing, and the ledger and positions a watchlist export carries, handed in by the app.
 */
export interface TransferCommandContext {
  settings: SettingsFile
  feed: Pick<PollFeed, 'snapshot'>
  /** Every asset the service lists (the feed's, asked where the polls run). */
  listing: AssetListing
  clock: Clock
  /** The ledger in time order: a JSON export carries it. */
  ledger(): Transaction[]
  /** The positions as last pushed to the window: a CSV export's holding columns. */
  heldPositions(): ValuedPosition[]
  /** The watched wallets: a JSON export carries them only when asked. */
  watchedWallets(): Promise<{ address: string; label: string; addedAt: string }[]>
  /** The lists changed: poll what is now watched, tell the shell and the window. */
  listsChanged(settings: Settings): Settings
  /** The shell's save dialog: resolves to the saved path, or null when cancelled. */
  saveExport?: (fileName: string, content: string) => Promise<string | null>
}

export type TransferCommand = 'exportWatchlist' | 'importWatchlist' | 'exportHistory'

export function transferCommands(context: TransferCommandContext): SomeCommandHandlers<TransferCommand> {
  return {
    exportWatchlist: async ({ format, withWallets }) =>
      exportShownList(context, format, withWallets === true),
    importWatchlist: async ({ text, into }) => importInto(context, text, into),
    exportHistory: async ({ symbol, range, csv }) => exportHistoryCsv(context, symbol, range, csv),
  }
}

async function saveOrHandBack(
  context: TransferCommandContext,
  fileName: string,
  content: string,
): Promise<ExportResult> {
  if (!context.saveExport) return { fileName, savedTo: null, content }
  return { fileName, savedTo: await context.saveExport(fileName, content), content: null }
}

/** The table was checked against the contract (history-csv.ts): it is only a history table. */
async function exportHistoryCsv(
  context: TransferCommandContext,
  symbol: string,
  range: HistoryRange,
  csv: string,
): Promise<ExportResult> {
  const date = new Date(context.clock.now()).toISOString().slice(0, 10)
  return saveOrHandBack(context, `tokenwatch-${symbol}-${range}-${date}.csv`, csv)
}

async function exportShownList(
  context: TransferCommandContext,
  format: ExportFormat,
  withWallets: boolean,
): Promise<ExportResult> {
  const { settings: settingsFile, feed, clock } = context
  const settings = settingsFile.get()
  const transactions = context.ledger()
  const content = exportWatchlist(activeList(settings).symbols, feed.snapshot(), format, {
    now: clock.now(),
    lists: settings.lists,
    // The holding columns are the positions main pushes to the window: the same figures, one valuation.
    // The wallets go only into JSON, and only when asked for (they are personal data).
    ...(format === 'csv'
      ? { positions: context.heldPositions() }
      : { transactions, ...(withWallets ? { wallets: await context.watchedWallets() } : {}) }),
  })
  const date = new Date(clock.now()).toISOString().slice(0, 10)
  return saveOrHandBack(context, `tokenwatch-${date}.${format}`, content)
}

/** Adds the valid symbols the service lists; everything else is listed back, never dropped. */
async function importInto(
  context: TransferCommandContext,
  text: string,
  into: { listId: string } | { newList: string } | undefined,
): Promise<ImportResult> {
  const { settings, listsChanged } = context
  const assets = await context.listing.listAssets()
  const listed = new Set(assets.map((asset) => asset.symbol))
  const listing = new ListingIndex(assets)
  const exported = importExportedLists(text, listing)
  if (exported) {
    const { settings: after, result } = await importListsInto(settings, exported, listed)
    listsChanged(after)
    return result
  }
  // The listing also settles "AON": Aon's AONon, not a token "Aon".
  const parsed = importWatchlist(text, listing)
  const { known, unknown } = partitionByListing(parsed.symbols, listed)
  const target = findList(settings.get(), into && 'listId' in into ? into.listId : undefined)
  const newList = into && 'newList' in into ? into.newList : null
  // A new list holds nothing yet.
  const current = new Set(newList === null ? target.symbols : undefined)
  const toAdd = known.filter((symbol) => !current.has(symbol))
  const after = listsChanged(
    newList === null
      ? await settings.addSymbols(toAdd, target.id)
      : await settings.createList(newList, toAdd),
  )
  // A list created is made the shown one.
  const imported = newList === null ? findList(after, target.id) : activeList(after)
  return {
    added: toAdd,
    alreadyPresent: known.filter((symbol) => current.has(symbol)),
    unknown,
    invalid: parsed.invalid,
    duplicates: parsed.duplicates,
    readings: parsed.readings ?? [],
    suggestions: parsed.suggestions ?? [],
    listId: imported.id,
    watchlist: imported.symbols,
  }
}
