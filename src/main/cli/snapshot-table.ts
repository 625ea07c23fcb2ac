import { Dec, toFixedString } from '../../shared/decimal'
import { type AssetQuote, isTradableIn, type Snapshot } from '../../shared/domain'
import { SESSION_BADGE, SESSION_NAMES } from '../../shared/sessions'
import { screenTimeText } from '../core/screen-time'

/** The `snapshot` command's human-readable output: one aligned row per asset. */

const MISSING = '-'

/** Decimal text rounded for reading (exactly, through Dec): at least `min`, at most `max` fraction digits. */
function formatDecimal(value: string | null, min: number, max: number): string {
  if (value === null) return MISSING
  const rounded = toFixedString(new Dec(value), max)
  const [integer, fraction = ''] = rounded.split('.')
  const kept = fraction.replace(/0+$/, '').padEnd(min, '0')
  return kept ? `${integer}.${kept}` : (integer ?? rounded)
}

function formatPercent(value: string | null): string {
  if (value === null) return MISSING
  const text = formatDecimal(value, 2, 2)
  return `${text.startsWith('-') ? text : `+${text}`}%`
}

function sessionsOf(asset: AssetQuote): string {
  const badges = SESSION_NAMES.filter((session) => isTradableIn(asset, session)).map(
    (session) => SESSION_BADGE[session],
  )
  return badges.length > 0 ? badges.join(' ') : MISSING
}

/** `decimal`: right-aligned on the decimal point, so 439.397 sits under 224.3224 digit for digit. */
type Align = 'left' | 'right' | 'decimal'

const COLUMNS: Array<{ title: string; align: Align; cell: (asset: AssetQuote) => string }> = [
  { title: 'SYMBOL', align: 'left', cell: (asset) => asset.symbol },
  { title: 'PRICE', align: 'decimal', cell: (asset) => formatDecimal(asset.price, 2, 4) },
  { title: 'CHANGE 24H', align: 'right', cell: (asset) => formatPercent(asset.changePct24h) },
  { title: 'FAIR VALUE', align: 'decimal', cell: (asset) => formatDecimal(asset.fairValue, 2, 4) },
  { title: 'PREMIUM', align: 'right', cell: (asset) => formatPercent(asset.premiumPct) },
  { title: 'SESSIONS', align: 'left', cell: sessionsOf },
]

/** Pads each cell on the right so that all have as many characters after their decimal point. */
function alignDecimalPoints(cells: string[]): string[] {
  const fractionLength = (cell: string) => (cell.includes('.') ? cell.length - cell.indexOf('.') : 0)
  const longest = Math.max(0, ...cells.map(fractionLength))
  return cells.map((cell) => cell + ' '.repeat(longest - fractionLength(cell)))
}

export function formatSnapshotTable(snapshot: Snapshot): string {
  const columns = COLUMNS.map((column) => {
    const cells = snapshot.assets.map(column.cell)
    return [column.title, ...(column.align === 'decimal' ? alignDecimalPoints(cells) : cells)]
  })
  const widths = columns.map((cells) => Math.max(...cells.map((cell) => cell.length)))
  const lines = (columns[0] ?? []).map((_, row) =>
    columns
      .map((cells, index) => {
        const cell = cells[row] ?? ''
        const width = widths[index] ?? 0
        return COLUMNS[index]?.align === 'left' ? cell.padEnd(width) : cell.padStart(width)
      })
      .join('  ')
      .trimEnd(),
  )
  const source = snapshot.source.demo ? `${snapshot.source.baseUrl} (demo)` : snapshot.source.baseUrl
  return `${lines.join('\n')}\n\nAs of ${screenTimeText(snapshot.asOf)} from ${source}.\n`
}
