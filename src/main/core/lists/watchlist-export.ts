import { textCell } from '../../../shared/csv'
import { isDecimalString } from '../../../shared/decimal'
import { type AssetQuote, emptyAsset, isTradableIn, type Snapshot } from '../../../shared/domain'
import { type ExportFormat, JSON_EXPORT_VERSION, type WatchlistExport } from '../../../shared/export-format'
import type { Transaction, ValuedPosition } from '../../../shared/holdings'
import { SESSION_NAMES } from '../../../shared/sessions'

/**
 * Export of the watchlist with its quotes, as CSV or as the JSON that shared/export-format.ts
 * reads back. Main writes it (the save dialog, the CLI's `export`); decimals are written as the
 * exact strings the service sent, never through a number.
 */

/**
 * The position in each symbol, from the ledger valued at the same quotes (main computes them:
 * valuation.ts); empty cells where nothing is held or a figure lacks its price.
 */
const HOLDING_CSV_COLUMNS = [
  'holdingQuantity',
  'holdingValue',
  'holdingPnl',
  'holdingPnlPct',
  'holding24hPnl',
  'holdingPremiumExposure',
] as const

export const CSV_COLUMNS = [
  'symbol',
  'name',
  'ticker',
  'price',
  'priceTimestamp',
  'change24h',
  'changePct24h',
  'underlyingPrice',
  'fairValue',
  'premiumPct',
  'sharesMultiplier',
  'volume',
  'marketCap',
  'holders',
  'tradableSessions',
  'constituentTokens',
  ...HOLDING_CSV_COLUMNS,
] as const

// ---------------------------------------------------------------------------------------------
// CSV cells

/** A decimal as the exact string; anything that is not a plain decimal is treated as text. */
function decimalCell(value: string | null): string {
  return isDecimalString(value) ? value : textCell(value)
}

function timestampCell(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString()
}

function csvRow(asset: AssetQuote, position: ValuedPosition | undefined): string {
  // A position sold to zero holds nothing: its cells stay empty like a symbol never held.
  const held = position && position.quantity !== '0' ? position : null
  const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
    symbol: textCell(asset.symbol),
    name: textCell(asset.name),
    ticker: textCell(asset.ticker),
    price: decimalCell(asset.price),
    priceTimestamp: timestampCell(asset.priceTimestamp),
    change24h: decimalCell(asset.change24h),
    changePct24h: decimalCell(asset.changePct24h),
    underlyingPrice: decimalCell(asset.underlying?.price ?? null),
    fairValue: decimalCell(asset.fairValue),
    premiumPct: decimalCell(asset.premiumPct),
    sharesMultiplier: decimalCell(asset.sharesMultiplier),
    volume: decimalCell(asset.underlying?.volume ?? null),
    marketCap: decimalCell(asset.underlying?.marketCap ?? null),
    holders: asset.holders === null ? '' : String(asset.holders),
    // The sessions the row's badges show: the limits decide first, as everywhere else.
    tradableSessions: SESSION_NAMES.filter((session) => isTradableIn(asset, session)).join(' '),
    // A basket's tokens, space-separated like the sessions; empty for a single stock.
    constituentTokens: textCell(asset.constituentTokens.join(' ')),
    holdingQuantity: decimalCell(held?.quantity ?? null),
    holdingValue: decimalCell(held?.value ?? null),
    holdingPnl: decimalCell(held?.unrealized ?? null),
    holdingPnlPct: decimalCell(held?.unrealizedPct ?? null),
    holding24hPnl: decimalCell(held?.dayChange ?? null),
    holdingPremiumExposure: decimalCell(held?.premiumExposure ?? null),
  }
  return CSV_COLUMNS.map((column) => cells[column]).join(',')
}

// ---------------------------------------------------------------------------------------------
// Export

/**
 * The watchlist in its order, each symbol with its quote from `snapshot` (empty cells or no asset
 * where the snapshot has none). CSV has a header row and CRLF line ends (RFC 4180).
 */
export function exportWatchlist(
  symbols: readonly string[],
  snapshot: Snapshot | null,
  format: ExportFormat,
  options: {
    now?: number
    lists?: readonly { name: string; symbols: readonly string[] }[]
    /** Valued positions for the CSV's holding columns. */
    positions?: readonly ValuedPosition[]
    /** The ledger, for the JSON export. */
    transactions?: readonly Transaction[]
    /** The watched wallets, for the JSON export, only when the person asked for them. */
    wallets?: readonly { address: string; label: string; addedAt: string }[]
  } = {},
): string {
  const bySymbol = new Map((snapshot?.assets ?? []).map((asset) => [asset.symbol, asset]))
  if (format === 'csv') {
    const positions = new Map(options.positions?.map((position) => [position.symbol, position]))
    const lines = [
      CSV_COLUMNS.join(','),
      ...symbols.map((symbol) => csvRow(bySymbol.get(symbol) ?? emptyAsset(symbol), positions.get(symbol))),
    ]
    return `${lines.join('\r\n')}\r\n`
  }
  // JSON carries every list (CSV is one table: the shown list).
  const lists = options.lists?.map((list) => ({ name: list.name, symbols: [...list.symbols] }))
  const everySymbol = [...new Set([...symbols, ...(lists ?? []).flatMap((list) => list.symbols)])]
  const body: WatchlistExport = {
    version: JSON_EXPORT_VERSION,
    exportedAt: new Date(options.now ?? Date.now()).toISOString(),
    watchlist: [...symbols],
    ...(lists ? { lists } : {}),
    assets: everySymbol.flatMap((symbol) => bySymbol.get(symbol) ?? []),
    ...(options.transactions ? { transactions: [...options.transactions] } : {}),
    ...(options.wallets ? { wallets: options.wallets.map((wallet) => ({ ...wallet })) } : {}),
  }
  return `${JSON.stringify(body, null, 2)}\n`
}
