import { memo, useMemo, type ReactNode } from 'react'
import type { ValuedPosition } from '../../../shared/holdings'
import { HOLDING_FIGURE, type HoldingColumn } from '../../../shared/watchlist-columns'
import {
  formatExact,
  formatMoney,
  formatPercent,
  formatSignedMoney,
  formatZonedDateTime,
  signOf,
  type NumberKind,
} from '../../format'
import { useDisplayZone } from '../../display-zone'
import { usePricesSilent } from '../../store/freshness'
import { usePortfolio } from '../../holdings/portfolio-store'
import { symbolErrorOf, useWatch } from '../../store/watch-store'
import { HiddenAmount, useAmountsHidden } from '../../holdings/HiddenAmount'
import { FitNumber } from './FitNumber'
import { countCellRender } from '../../instrument'

/** What kind of number each holding column shows. */
const KINDS: Record<HoldingColumn, NumberKind> = {
  quantity: 'price',
  positionValue: 'money',
  unrealized: 'signedMoney',
  unrealizedPct: 'percent',
  dayPnl: 'signedMoney',
  premiumExposure: 'signedMoney',
}

/** The quantity with every digit, money in cents (the full figure is the cell's tooltip). */
function formatted(column: HoldingColumn, value: string | null): string {
  if (column === 'quantity') return formatExact(value)
  const kind = KINDS[column]
  return kind === 'percent'
    ? formatPercent(value)
    : kind === 'signedMoney'
      ? formatSignedMoney(value)
      : formatMoney(value)
}

/**
 * Why a held position has no value: the service's own word about the symbol (not listed: it may
 * have been delisted), else that no price has come yet.
 */
function useNoValueReason(symbol: string): string {
  const error = useWatch((state) => symbolErrorOf(state, symbol))
  if (error?.code === 'ASSET_NOT_FOUND')
    return 'Not listed by the service (it may have been delisted): no price to value it at'
  if (error) return `No price: ${error.message}`
  return 'No price yet for this symbol'
}

/** In the value column of a position with no price: its cost, said to be the cost, and why. */
function AtCost({ position }: { position: ValuedPosition }) {
  const reason = useNoValueReason(position.symbol)
  return (
    <span
      className="no-value"
      title={`${reason}; cost ${position.cost}`}
      aria-label={`No value: ${reason}. Cost ${formatMoney(position.cost)}`}
    >
      <span className="no-value-tag">cost</span> {formatMoney(position.cost)}
    </span>
  )
}

/**
 * A quantity from the wallets says so in its tooltip, with what the ledger holds; tokens beyond the
 * ledger's have no cost basis, and that is said under the quantity.
 */
function FromWallets({ position, children }: { position: ValuedPosition; children: ReactNode }) {
  const partly = position.uncosted !== null && position.uncosted !== position.quantity
  const none = position.uncosted === position.quantity ? '; no cost basis' : ''
  const some = partly ? `; ${position.uncosted} of them have no cost basis (the ledger holds fewer)` : ''
  return (
    <span title={`Quantity from the wallets (the ledger holds ${position.ledgerQuantity})${none}${some}`}>
      {children}
      {partly && <span className="uncosted-tag">{position.uncosted} no cost basis</span>}
    </span>
  )
}

/**
 * In the P&L cells of tokens that have no cost basis: said in place (the percent, narrower, says it
 * in its tooltip), never a P&L against a zero cost.
 */
function NoCostBasis({ column }: { column: HoldingColumn }) {
  const why = 'No cost basis: quantities from wallets, which the ledger gives no cost'
  return (
    <span className="no-value no-cost-basis" title={why} aria-label={why}>
      {column === 'unrealized' ? 'no cost basis' : '—'}
    </span>
  )
}

/** "Computed on a stale price (last good price Nov 21, 14:03:12 ET)". */
function staleTitle(priceTimestamp: number | null, zone: ReturnType<typeof useDisplayZone>): string {
  return priceTimestamp === null
    ? 'Computed on a stale price'
    : `Computed on a stale price (last good price ${formatZonedDateTime(priceTimestamp, zone)})`
}

/**
 * A figure computed on a stale price: dashed, the price's time in its tooltip. Only a figure marked
 * stale reads that time (and the zone it is told in), so a live price moving renders no holding cell.
 * The time is read to the second the tooltip shows: deltas that move it within that second render
 * no stale figure (1,000 held rows drew some 290 of them anew at each delta when it was read in ms).
 */
function StaleFigure({
  symbol,
  column,
  children,
}: {
  symbol: string
  column: HoldingColumn
  children: ReactNode
}) {
  countCellRender(symbol, `${column} stale`)
  const priceSecond = useWatch((state) => {
    const at = state.quotes.get(symbol)?.priceTimestamp ?? null
    return at === null ? null : Math.floor(at / 1000)
  })
  const priceTimestamp = priceSecond === null ? null : priceSecond * 1000
  const zone = useDisplayZone()
  return (
    <span className="figure-stale" title={staleTitle(priceTimestamp, zone)}>
      {children}
    </span>
  )
}

/**
 * Whether the figures of a row are computed on a stale price, by the same rule as the symbol's
 * stale marker (staleness.ts). The feed's silence is read as a yes or no only: the marker beside the
 * symbol counts the age each second, and a held row's five figures re-rendering with it (or with
 * each poll's status push) would cost the idle window about 1 % of its thread.
 */
function useOnStalePrice(quoteStale: boolean, wanted: boolean): boolean {
  const silent = usePricesSilent()
  return wanted && (quoteStale || silent)
}

/**
 * One figure of the row's position: blank in a row not held, dots while amounts are hidden, and
 * marked old whenever the price it was computed on is marked stale. It takes the row's symbol and
 * whether main marked its quote stale, not the quote: a price moving re-renders the row, and only
 * main's push of a position whose figures moved re-renders its cells. The number is kept while its
 * figure is the same, so a push that moved the value leaves the quantity's number as it was.
 */
export const HoldingCell = memo(function HoldingCell({
  symbol,
  quoteStale,
  column,
}: {
  symbol: string
  quoteStale: boolean
  column: HoldingColumn
}) {
  countCellRender(symbol, column)
  const position = usePortfolio((state) => state.positions.get(symbol))
  const hidden = useAmountsHidden()
  const stale = useOnStalePrice(quoteStale, column !== 'quantity')
  const value = position?.[HOLDING_FIGURE[column]] ?? null
  const sign = KINDS[column] === 'price' || KINDS[column] === 'money' ? 0 : signOf(value)
  const className = sign > 0 ? 'up' : sign < 0 ? 'down' : ''
  const number = useMemo(
    () => (
      <FitNumber value={value} text={formatted(column, value)} kind={KINDS[column]} className={className} />
    ),
    [value, column, className],
  )
  if (!position || position.quantity === '0') return null
  if (hidden) return <HiddenAmount />
  if (column === 'positionValue' && value === null && position.cost !== null)
    return <AtCost position={position} />
  const atCost = column === 'unrealized' || column === 'unrealizedPct'
  if (atCost && value === null && position.cost === null && position.value !== null)
    return <NoCostBasis column={column} />
  if (column === 'quantity' && position.quantityFrom === 'wallets')
    return <FromWallets position={position}>{number}</FromWallets>
  if (!stale || value === null) return number
  return (
    <StaleFigure symbol={symbol} column={column}>
      {number}
    </StaleFigure>
  )
})
