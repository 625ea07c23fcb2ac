import { memo, type ReactNode } from 'react'
import type { AssetQuote } from '../../shared/domain'
import type { EndpointName } from '../../shared/status'
import { tradesOffHours } from '../../shared/trading-axis'
import {
  DEFAULT_COLUMNS,
  HOLDING_COLUMNS,
  shownColumnIds,
  WATCHLIST_COLUMNS,
  type WatchlistColumn,
} from '../../shared/watchlist-columns'
import {
  formatCompact,
  formatInteger,
  formatPercent,
  formatPrice,
  formatSignedPrice,
  signOf,
} from '../format'
import { FitNumber } from './cells/FitNumber'
import { HoldingCell } from './cells/HoldingCell'
import { ValueAtBidsCell } from './cells/ValueAtBidsCell'
import { PriceCell } from './cells/PriceCell'
import { RangeBar } from './cells/RangeBar'
import { SessionBadges } from './cells/SessionBadges'
import { Sparkline } from './cells/Sparkline'
import { VolumeCell } from './cells/VolumeCell'
import { YieldCell } from './cells/YieldCell'
import { StaleMarker } from './cells/StaleMarker'
import type { FitColumn } from './column-fit'

/**
 * The watchlist's columns: header, width and how a quote shows in the cell. The header and every
 * row share the grid template built from the chosen columns, so they always line up.
 */
export interface ColumnDef extends FitColumn {
  /** Short header text (shown in small caps). */
  label: string
  /** Shorter still, for the header of a column narrower than its usual width. */
  tightLabel?: string
  /** Full name, for the header's accessible name and the column chooser. */
  title: string
  align: 'start' | 'end' | 'center'
  /**
   * The endpoints its figure comes from, so the cell is marked old on its own when one of them is
   * (market data can fail while prices stay live); none for the symbol, which never ages.
   */
  sources: readonly EndpointName[]
  render(quote: AssetQuote): ReactNode
}

// Each number cell is a memo component given plain values, so a delta re-renders, formats and
// commits only the cells whose value moved: a moved price leaves the row's market cap, holders
// and volume alone (the row itself renders, as its quote is a new object).

/** A signed change in its colour (up green, down red), told by an arrow as well when asked. */
const Signed = memo(function Signed({
  value,
  kind,
  arrow = false,
}: {
  value: string | null
  kind: 'signed' | 'percent'
  arrow?: boolean
}) {
  const sign = signOf(value)
  const text = kind === 'percent' ? formatPercent(value) : formatSignedPrice(value)
  return (
    <FitNumber value={value} text={text} kind={kind} className={sign > 0 ? 'up' : sign < 0 ? 'down' : ''}>
      {arrow && sign !== 0 && (
        <span className="arrow" aria-hidden="true">
          {sign > 0 ? '▲' : '▼'}
        </span>
      )}
    </FitNumber>
  )
})

/** A price-like figure: the underlying's price, the fair value. */
const Price = memo(function Price({
  value,
  className,
}: {
  value: string | null | undefined
  className?: string
}) {
  return <FitNumber value={value} text={formatPrice(value)} kind="price" className={className} />
})

/** The premium or discount to fair value, in percent points. */
const Premium = memo(function Premium({ value }: { value: string | null }) {
  return <FitNumber value={value} text={formatPercent(value)} kind="percent" className="premium" />
})

/** A large figure in short (market cap). */
const Compact = memo(function Compact({ value }: { value: string | null | undefined }) {
  return <FitNumber value={value} text={formatCompact(value)} kind="price" />
})

/** A count (token holders). */
const Count = memo(function Count({ value }: { value: number | null }) {
  return <FitNumber value={value === null ? null : String(value)} text={formatInteger(value)} kind="price" />
})

const COLUMN_DEFS: Record<WatchlistColumn, ColumnDef> = {
  symbol: {
    id: 'symbol',
    label: 'Symbol',
    title: 'Symbol and name',
    width: 140,
    minWidth: 76,
    align: 'start',
    sources: [],
    render: (q) => (
      <span className="symbol-cell">
        <span className="symbol-line">
          <span className="symbol">{q.symbol}</span>
          <StaleMarker quote={q} />
        </span>
        <span className="name" title={q.name ?? undefined}>
          {q.name ?? q.ticker ?? ''}
        </span>
      </span>
    ),
  },
  price: {
    id: 'price',
    label: 'Price',
    title: 'Token price',
    width: 92,
    minWidth: 70,
    align: 'end',
    sources: ['prices'],
    render: (q) => <PriceCell price={q.price} />,
  },
  change24h: {
    id: 'change24h',
    label: 'Chg',
    title: '24h change',
    width: 74,
    minWidth: 64,
    align: 'end',
    sources: ['market'],
    render: (q) => <Signed value={q.change24h} kind="signed" />,
  },
  changePct24h: {
    id: 'changePct24h',
    label: 'Chg %',
    title: '24h change %',
    width: 80,
    minWidth: 66,
    align: 'end',
    sources: ['market'],
    render: (q) => <Signed value={q.changePct24h} kind="percent" arrow />,
  },
  sparkline: {
    id: 'sparkline',
    label: '24h',
    title: '24h price history',
    width: 88,
    minWidth: 60,
    align: 'center',
    sources: ['market'],
    render: (q) => <Sparkline history={q.history24h} offHours={tradesOffHours(q)} />,
  },
  underlyingPrice: {
    id: 'underlyingPrice',
    label: 'Underlying',
    tightLabel: 'Undl',
    title: 'Underlying price',
    width: 88,
    minWidth: 72,
    align: 'end',
    sources: ['market'],
    render: (q) => <Price value={q.underlying?.price} />,
  },
  fairValue: {
    id: 'fairValue',
    label: 'Fair value',
    tightLabel: 'Fair',
    title: 'Fair value',
    width: 86,
    minWidth: 72,
    align: 'end',
    sources: ['market'],
    render: (q) => <Price value={q.fairValue} className="muted" />,
  },
  premiumPct: {
    id: 'premiumPct',
    label: 'Prem/Disc',
    tightLabel: 'Prem',
    title: 'Premium / discount',
    width: 86,
    minWidth: 64,
    align: 'end',
    sources: ['market'],
    render: (q) => <Premium value={q.premiumPct} />,
  },
  volume: {
    id: 'volume',
    label: 'Vol / Avg',
    tightLabel: 'Vol',
    title: 'Volume vs average',
    width: 100,
    minWidth: 84,
    align: 'end',
    sources: ['market'],
    render: (q) => (
      <VolumeCell volume={q.underlying?.volume ?? null} averageVolume={q.underlying?.averageVolume ?? null} />
    ),
  },
  range52w: {
    id: 'range52w',
    label: '52W range',
    tightLabel: '52W',
    title: '52-week range',
    width: 90,
    minWidth: 64,
    align: 'center',
    sources: ['market'],
    render: (q) => (
      <RangeBar
        price={q.underlying?.price ?? null}
        low={q.underlying?.low52w ?? null}
        high={q.underlying?.high52w ?? null}
      />
    ),
  },
  marketCap: {
    id: 'marketCap',
    label: 'Mkt cap',
    tightLabel: 'Cap',
    title: 'Market cap',
    width: 68,
    minWidth: 56,
    align: 'end',
    sources: ['market'],
    render: (q) => <Compact value={q.underlying?.marketCap} />,
  },
  holders: {
    id: 'holders',
    label: 'Holders',
    tightLabel: 'Hldrs',
    title: 'Token holders',
    width: 74,
    minWidth: 60,
    align: 'end',
    sources: ['market'],
    render: (q) => <Count value={q.holders} />,
  },
  sessions: {
    id: 'sessions',
    label: 'Sessions',
    title: 'Tradable sessions',
    width: 186, // five badges: PRE REG POST ON, and OFF for a token that trades off-hours
    minWidth: 128,
    align: 'start',
    sources: ['market', 'limits'],
    render: (q) => <SessionBadges quote={q} />,
  },
  dividendYield: {
    id: 'dividendYield',
    label: 'Yield',
    title: 'Dividend yield (trailing year)',
    width: 64,
    minWidth: 56,
    align: 'end',
    sources: [],
    render: (q) => <YieldCell symbol={q.symbol} />,
  },
  // The holding columns: blank in a row not held. Widths fit a six-figure position in dollars.
  quantity: {
    id: 'quantity',
    label: 'Qty',
    title: 'Quantity held',
    width: 92,
    minWidth: 64,
    align: 'end',
    sources: [],
    render: (q) => <HoldingCell symbol={q.symbol} quoteStale={q.stale} column="quantity" />,
  },
  positionValue: {
    id: 'positionValue',
    label: 'Value',
    title: 'Position value (quantity x price)',
    width: 100,
    minWidth: 76,
    align: 'end',
    sources: ['prices'],
    render: (q) => <HoldingCell symbol={q.symbol} quoteStale={q.stale} column="positionValue" />,
  },
  unrealized: {
    id: 'unrealized',
    label: 'P&L',
    title: 'Unrealized profit and loss',
    width: 96,
    minWidth: 72,
    align: 'end',
    sources: ['prices'],
    render: (q) => <HoldingCell symbol={q.symbol} quoteStale={q.stale} column="unrealized" />,
  },
  unrealizedPct: {
    id: 'unrealizedPct',
    label: 'P&L %',
    title: 'Unrealized profit and loss, percent of cost',
    width: 84,
    minWidth: 66,
    align: 'end',
    sources: ['prices'],
    render: (q) => <HoldingCell symbol={q.symbol} quoteStale={q.stale} column="unrealizedPct" />,
  },
  dayPnl: {
    id: 'dayPnl',
    label: '24h P&L',
    tightLabel: '24h',
    title: '24 h P&L (quantity x 24 h price change)',
    width: 90,
    minWidth: 68,
    align: 'end',
    sources: ['market'],
    render: (q) => <HoldingCell symbol={q.symbol} quoteStale={q.stale} column="dayPnl" />,
  },
  premiumExposure: {
    id: 'premiumExposure',
    label: 'Prem exp',
    tightLabel: 'Prem$',
    title: 'Premium exposure (value - value at fair value: lost if the premium closed)',
    width: 92,
    minWidth: 68,
    align: 'end',
    sources: ['market'],
    render: (q) => <HoldingCell symbol={q.symbol} quoteStale={q.stale} column="premiumExposure" />,
  },
}

export const ALL_COLUMNS: readonly ColumnDef[] = WATCHLIST_COLUMNS.map((id) => COLUMN_DEFS[id])

/**
 * The chosen columns in their saved order; the symbol always shows, first. The holding columns
 * show once anything is held (shownColumnIds).
 */
export function chosenColumns(
  list: { columns: readonly WatchlistColumn[]; holdingColumnsChosen?: boolean } | undefined,
  anyHeld: boolean,
): ColumnDef[] {
  const ids = shownColumnIds(list ?? { columns: DEFAULT_COLUMNS }, anyHeld)
  const chosen = ids.filter((id) => id !== 'symbol').map((id) => COLUMN_DEFS[id])
  return [COLUMN_DEFS.symbol, ...chosen]
}

/** The Holdings tab's value: the display value with what it would fetch at the bids under it. */
const VALUE_AT_BIDS: ColumnDef = {
  ...COLUMN_DEFS.positionValue,
  title: 'Position value (quantity x price), and what selling it at the bids would fetch now',
  width: 108,
  minWidth: 80,
  render: (q) => <ValueAtBidsCell quote={q} />,
}

/**
 * The Holdings tab's columns: the price, every figure of the position (its 24 h P&L tells the
 * day's move), then the premium. Neither sessions nor change %, which come before a holding
 * column in the fitting order: at 360 px the position's value keeps its place beside the price.
 */
export function holdingsTabColumns(): ColumnDef[] {
  const ids: WatchlistColumn[] = ['symbol', 'price', ...HOLDING_COLUMNS, 'premiumPct']
  return ids.map((id) => (id === 'positionValue' ? VALUE_AT_BIDS : COLUMN_DEFS[id]))
}
