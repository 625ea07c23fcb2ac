import type { ReactNode } from 'react'
import type { AssetQuote } from '../../shared/domain'
import { tradesOffHours } from '../../shared/trading-axis'
import { WATCHLIST_COLUMNS, type WatchlistColumn } from '../../shared/watchlist-columns'
import {
  formatCompact,
  formatInteger,
  formatPercent,
  formatPrice,
  formatSignedPrice,
  signOf,
} from '../format'
import { PriceCell } from './cells/PriceCell'
import { RangeBar } from './cells/RangeBar'
import { SessionBadges } from './cells/SessionBadges'
import { Sparkline } from './cells/Sparkline'
import { VolumeCell } from './cells/VolumeCell'
import { StaleMarker } from './cells/StaleMarker'

/**
 * The watchlist's columns: header, width and how a quote shows in the cell. The header and every
 * row share the grid template built from the chosen columns, so they always line up.
 */
export interface ColumnDef {
  id: WatchlistColumn
  /** Short header text (shown in small caps). */
  label: string
  /** Full name, for the header's accessible name and the column chooser. */
  title: string
  width: number
  align: 'start' | 'end' | 'center'
  render(quote: AssetQuote): ReactNode
}

function Signed({ value, children }: { value: string | null; children: ReactNode }) {
  const sign = signOf(value)
  return <span className={`num ${sign > 0 ? 'up' : sign < 0 ? 'down' : ''}`}>{children}</span>
}

/** Up and down are told by an arrow as well as by colour. */
function Arrow({ value }: { value: string | null }) {
  const sign = signOf(value)
  if (sign === 0) return null
  return (
    <span className="arrow" aria-hidden="true">
      {sign > 0 ? '▲' : '▼'}
    </span>
  )
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="num muted">{children}</span>
}

const COLUMN_DEFS: Record<WatchlistColumn, ColumnDef> = {
  symbol: {
    id: 'symbol',
    label: 'Symbol',
    title: 'Symbol and name',
    width: 150,
    align: 'start',
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
    align: 'end',
    render: (q) => <PriceCell price={q.price} />,
  },
  change24h: {
    id: 'change24h',
    label: 'Chg',
    title: '24h change',
    width: 74,
    align: 'end',
    render: (q) => <Signed value={q.change24h}>{formatSignedPrice(q.change24h)}</Signed>,
  },
  changePct24h: {
    id: 'changePct24h',
    label: 'Chg %',
    title: '24h change %',
    width: 80,
    align: 'end',
    render: (q) => (
      <Signed value={q.changePct24h}>
        <Arrow value={q.changePct24h} />
        {formatPercent(q.changePct24h)}
      </Signed>
    ),
  },
  sparkline: {
    id: 'sparkline',
    label: '24h',
    title: '24h price history',
    width: 84,
    align: 'center',
    render: (q) => <Sparkline history={q.history24h} offHours={tradesOffHours(q)} />,
  },
  underlyingPrice: {
    id: 'underlyingPrice',
    label: 'Underlying',
    title: 'Underlying price',
    width: 88,
    align: 'end',
    render: (q) => <span className="num">{formatPrice(q.underlying?.price)}</span>,
  },
  fairValue: {
    id: 'fairValue',
    label: 'Fair value',
    title: 'Fair value',
    width: 86,
    align: 'end',
    render: (q) => <Muted>{formatPrice(q.fairValue)}</Muted>,
  },
  premiumPct: {
    id: 'premiumPct',
    label: 'Prem/Disc',
    title: 'Premium / discount',
    width: 86,
    align: 'end',
    render: (q) => <span className="num premium">{formatPercent(q.premiumPct)}</span>,
  },
  volume: {
    id: 'volume',
    label: 'Vol / Avg',
    title: 'Volume vs average',
    width: 100,
    align: 'end',
    render: (q) => (
      <VolumeCell volume={q.underlying?.volume ?? null} averageVolume={q.underlying?.averageVolume ?? null} />
    ),
  },
  range52w: {
    id: 'range52w',
    label: '52W range',
    title: '52-week range',
    width: 90,
    align: 'center',
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
    title: 'Market cap',
    width: 68,
    align: 'end',
    render: (q) => <span className="num">{formatCompact(q.underlying?.marketCap)}</span>,
  },
  holders: {
    id: 'holders',
    label: 'Holders',
    title: 'Token holders',
    width: 74,
    align: 'end',
    render: (q) => <span className="num">{formatInteger(q.holders)}</span>,
  },
  sessions: {
    id: 'sessions',
    label: 'Sessions',
    title: 'Tradable sessions',
    width: 186, // five badges: PRE REG POST ON, and OFF for a token that trades off-hours
    align: 'start',
    render: (q) => <SessionBadges quote={q} />,
  },
}

export const ALL_COLUMNS: readonly ColumnDef[] = WATCHLIST_COLUMNS.map((id) => COLUMN_DEFS[id])

/** The chosen columns in their saved order; the symbol always shows, first. */
export function chosenColumns(ids: readonly WatchlistColumn[] | undefined): ColumnDef[] {
  const chosen = (ids ?? WATCHLIST_COLUMNS).filter((id) => id !== 'symbol').map((id) => COLUMN_DEFS[id])
  return [COLUMN_DEFS.symbol, ...chosen]
}

export function gridTemplate(columns: readonly ColumnDef[]): string {
  return columns.map((column) => `${column.width}px`).join(' ')
}
