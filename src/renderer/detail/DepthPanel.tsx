import { useEffect, useId, useState } from 'react'
import type { AssetQuote } from '../../shared/domain'
import {
  type DepthLadder,
  type DepthLevel,
  type DepthSide,
  type WalkAmount,
  depthErrorWords,
  ladderSpread,
  readWalkAmount,
  sessionOfWord,
  withCumulative,
} from '../../shared/depth'
import { walkLadder } from '../../shared/depth-walk'
import { SESSION_LABEL } from '../../shared/alert-text'
import { showDepthOf } from '../api'
import { formatAge, formatMoney, formatPrice } from '../format'
import { quickCheck } from '../service-status/service-status-text'
import { useClock } from '../store/clock-store'
import { useDepth } from './depth-store'
import { useCapacity, useMarketHalt, useSymbolPauses } from '../service-status/service-store'
import { describedBy, Field, SelectField } from '../ui/form-fields'
import { SessionFits } from './SessionFits'

/**
 * The open symbol's depth ladder, streamed (main streams this symbol's alone while the panel is
 * mounted): asks and bids best first, each level's price and tokens exactly as received with the
 * tokens and dollars up to it; the session it was computed for, its freshness, the spread and the
 * mid against the display price. Below it, what a size would cost now, walked on the ladder.
 */

/** Levels shown a side: the walk uses every level kept, the table the best of them. */
const SHOWN_LEVELS = 10

const SIDES: readonly (readonly [DepthSide, string])[] = [
  ['buy', 'Buy (asks)'],
  ['sell', 'Sell (bids)'],
]
const UNITS: readonly (readonly [WalkAmount['unit'], string])[] = [
  ['tokens', 'Tokens'],
  ['dollars', 'US dollars'],
]

const bpText = (bp: string, above: string, below: string) =>
  `${bp.replace(/^-/, '')} bp ${bp.startsWith('-') ? below : above}`

function LevelTable({ title, levels }: { title: string; levels: readonly DepthLevel[] }) {
  const shown = withCumulative(levels.slice(0, SHOWN_LEVELS))
  return (
    <table className="depth-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Price</th>
          <th scope="col">Tokens</th>
          <th scope="col">Cum. tokens</th>
          <th scope="col">Cum. $</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((level, index) => (
          <tr key={index}>
            <td className="num">{level.price}</td>
            <td className="num">{level.quantity}</td>
            <td className="num">{level.cumulativeTokens}</td>
            <td className="num" title={level.cumulativeDollars}>
              {formatMoney(level.cumulativeDollars)}
            </td>
          </tr>
        ))}
      </tbody>
      {levels.length > SHOWN_LEVELS && (
        <tfoot>
          <tr>
            <td colSpan={4} className="muted">
              {levels.length - SHOWN_LEVELS} deeper levels not shown (the walk uses them)
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  )
}

function repairsText(ladder: DepthLadder): string | null {
  const { outOfOrder, dropped, cut } = ladder.repairs
  const parts = [
    outOfOrder > 0 ? `${outOfOrder} levels sent out of order were sorted` : '',
    dropped > 0 ? `${dropped} levels with no positive price or quantity were dropped` : '',
    cut > 0 ? `${cut} levels beyond the 1,000 kept a side were left out` : '',
  ].filter(Boolean)
  return parts.length === 0 ? null : `${parts.join('; ')}.`
}

function CostForm({ quote, ladder }: { quote: AssetQuote; ladder: DepthLadder }) {
  const id = useId()
  const [text, setText] = useState('')
  const [unit, setUnit] = useState<WalkAmount['unit']>('tokens')
  const [side, setSide] = useState<DepthSide>('buy')
  const capacity = useCapacity(quote.symbol)
  const minute = useClock((state) => Math.floor(state.now / 60_000) * 60_000)
  const asset = useSymbolPauses(quote.symbol) ?? null
  const marketHalt = useMarketHalt()
  const read = text.trim() === '' ? null : readWalkAmount(text, unit)
  const outcome =
    read?.ok === true
      ? walkLadder(ladder, {
          side,
          amount: { unit, amount: read.amount },
          displayPrice: quote.price,
          fairValue: quote.fairValue,
        })
      : null
  const reading = side === 'buy' ? (capacity?.buy ?? null) : (capacity?.sell ?? null)
  const fits =
    read?.ok === true
      ? quickCheck(read.amount, unit === 'dollars' ? 'usd' : 'tokens', quote, reading, minute, {
          asset,
          marketHalt,
        })
      : null
  const inputId = `${id}-amount`
  const error = read?.ok === false ? read.message : undefined
  return (
    <div className="depth-cost">
      <h4 className="depth-subtitle">What would it cost now</h4>
      <div className="field-row">
        <Field id={inputId} label="Amount" error={error}>
          <input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            placeholder={unit === 'tokens' ? '3.5' : '1,250.40'}
            value={text}
            aria-invalid={error !== undefined}
            aria-describedby={describedBy(inputId, error, false)}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <SelectField<WalkAmount['unit']>
          id={`${id}-unit`}
          label="In"
          value={unit}
          options={UNITS}
          onChange={setUnit}
        />
        <SelectField<DepthSide>
          id={`${id}-side`}
          label="Side"
          value={side}
          options={SIDES}
          onChange={setSide}
        />
      </div>
      {outcome !== null && (
        <div className="depth-cost-result" aria-live="polite">
          {!outcome.ok ? (
            <p className="muted">
              Not walked: {outcome.reason === 'error' ? depthErrorWords(outcome.message) : outcome.message}
            </p>
          ) : (
            <>
              <p className="num">
                {outcome.walk.side === 'buy' ? 'Pay' : 'Fetch'} ${formatMoney(outcome.walk.total)} for{' '}
                {outcome.walk.filled} tokens, average{' '}
                <span title={outcome.walk.averagePrice ?? undefined}>
                  ${formatPrice(outcome.walk.averagePrice)}
                </span>
              </p>
              <p className="num">
                {outcome.walk.slippageVsDisplay === null
                  ? 'No display price to compare'
                  : bpText(outcome.walk.slippageVsDisplay, 'worse than', 'better than') +
                    ' the display price'}
                {' · '}
                {outcome.walk.slippageVsFair === null
                  ? 'no fair value to compare'
                  : bpText(outcome.walk.slippageVsFair, 'worse than', 'better than') + ' fair value'}
              </p>
              {outcome.walk.exhausted && (
                <p className="down">
                  More than the ladder holds: it holds {outcome.walk.holds.tokens} tokens ($
                  {formatMoney(outcome.walk.holds.dollars)}).
                </p>
              )}
            </>
          )}
          {fits?.now && (
            <p className={fits.fitsNow === true ? 'up' : fits.fitsNow === false ? 'down' : 'muted'}>
              Capacity: {fits.now}
            </p>
          )}
          {fits && <SessionFits sessions={fits.sessions} />}
        </div>
      )}
    </div>
  )
}

export function DepthPanel({ quote }: { quote: AssetQuote }) {
  const symbol = quote.symbol
  const view = useDepth(symbol)
  const now = useClock((state) => state.now)
  useEffect(() => {
    void showDepthOf(symbol)
    return () => void showDepthOf(null)
  }, [symbol])
  const ladder = view?.ladder ?? null
  const known = ladder ? sessionOfWord(ladder.session) : null
  const spread = ladder && quote.price !== null ? ladderSpread(ladder, quote.price) : null
  const repairs = ladder ? repairsText(ladder) : null
  return (
    <section className="detail-section depth" aria-labelledby="depth-title">
      <h3 id="depth-title" className="section-title">
        Depth
      </h3>
      {view === null || (view.state === 'connecting' && ladder === null) ? (
        <p className="muted">Waiting for the depth stream…</p>
      ) : view.state === 'unavailable' ? (
        <p className="muted not-published">
          This service publishes no depth: prices shown are for display only.
        </p>
      ) : view.state === 'off' ? (
        <p className="muted">No depth: {view.reason}.</p>
      ) : ladder === null ? (
        <p className="muted">No depth yet: {view.reason}.</p>
      ) : (
        <>
          <p className="depth-meta muted">
            Streamed · {known ? SESSION_LABEL[known] : `session "${ladder.session}"`} ·{' '}
            {view.receivedAt === null ? '' : `received ${formatAge(now - view.receivedAt)} ago`}
            {view.state === 'retrying' && <span className="down"> · stream interrupted: {view.reason}</span>}
            {view.state === 'connecting' && <span> · reconnecting</span>}
          </p>
          {ladder.error !== null ? (
            <p className="depth-error">No levels: {depthErrorWords(ladder.error)}.</p>
          ) : (
            <>
              {ladder.crossed && (
                <p className="down">Crossed: a bid is above an ask; the ladder is not walked.</p>
              )}
              {spread && (
                <p className="num">
                  Spread {spread.spreadBp} bp · mid {bpText(spread.midVsDisplayBp, 'above', 'below')} the
                  display price
                </p>
              )}
              {repairs && <p className="muted">{repairs}</p>}
              <div className="depth-sides">
                <LevelTable title="Asks (buy)" levels={ladder.asks} />
                <LevelTable title="Bids (sell)" levels={ladder.bids} />
              </div>
            </>
          )}
          <CostForm quote={quote} ladder={ladder} />
        </>
      )}
    </section>
  )
}
