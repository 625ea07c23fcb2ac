import { useEffect, useId, useState } from 'react'
import type { AssetQuote } from '../../shared/domain'
import { refreshCapacity, showDetailOf } from '../api'
import { formatAge } from '../format'
import { type AmountUnit, capacityLine, quickCheck } from './service-status-text'
import { useClock } from '../store/clock-store'
import { useCapacity, useMarketHalt, useServiceState, useSymbolPauses } from './service-store'
import { describedBy, Field, SelectField } from '../ui/form-fields'
import { SessionFits } from '../detail/SessionFits'

/**
 * Trading capacity now, for the symbol shown: main asks it while this panel is mounted (the
 * detail open for this symbol) and the window visible, never for another symbol. Beside it, a
 * quick check of an amount against the capacity now and today's remaining sessions' maxima.
 */

const UNITS: readonly (readonly [AmountUnit, string])[] = [
  ['usd', 'US dollars'],
  ['tokens', 'Tokens'],
]

function QuickCheck({ quote }: { quote: AssetQuote }) {
  const id = useId()
  const [amount, setAmount] = useState('')
  const [unit, setUnit] = useState<AmountUnit>('usd')
  const capacity = useCapacity(quote.symbol)
  const minute = useClock((state) => Math.floor(state.now / 60_000) * 60_000)
  const asset = useSymbolPauses(quote.symbol) ?? null
  const marketHalt = useMarketHalt()
  const check = quickCheck(amount, unit, quote, capacity?.buy ?? null, minute, { asset, marketHalt })
  const inputId = `${id}-amount`
  return (
    <div className="quick-check">
      <div className="field-row">
        <Field id={inputId} label="Quick check: buy" error={check.inputError ?? undefined}>
          <input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            placeholder={unit === 'usd' ? '1500' : '12.5'}
            value={amount}
            aria-invalid={check.inputError !== null}
            aria-describedby={describedBy(inputId, check.inputError ?? undefined, false)}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
        <SelectField<AmountUnit>
          id={`${id}-unit`}
          label="In"
          value={unit}
          options={UNITS}
          onChange={setUnit}
        />
      </div>
      {check.now !== null && (
        <div className="quick-check-result" aria-live="polite">
          <p className={check.fitsNow === true ? 'up' : check.fitsNow === false ? 'down' : 'muted'}>
            {check.now}
          </p>
          <SessionFits sessions={check.sessions} />
        </div>
      )}
    </div>
  )
}

export function CapacityPanel({ quote }: { quote: AssetQuote }) {
  const symbol = quote.symbol
  const capacity = useCapacity(symbol)
  const publishes = useServiceState()?.publishes.tradingCapacity ?? null
  const now = useClock((state) => state.now)
  useEffect(() => {
    void showDetailOf(symbol)
    return () => void showDetailOf(null)
  }, [symbol])
  const unpublished = publishes === false || capacity?.buy?.available === false
  return (
    <section className="detail-section capacity" aria-labelledby="capacity-title">
      <h3 id="capacity-title" className="section-title">
        Trading capacity now
      </h3>
      {unpublished ? (
        <p className="muted not-published">This service does not publish trading capacity.</p>
      ) : capacity === null ? (
        <p className="muted">Asking the service…</p>
      ) : (
        <>
          <p className="capacity-line" data-side="buy">
            {capacityLine('buy', capacity.buy, capacity.at ?? now)}
          </p>
          <p className="capacity-line" data-side="sell">
            {capacityLine('sell', capacity.sell, capacity.at ?? now)}
          </p>
          <p className="capacity-meta muted">
            {capacity.at === null ? 'Not answered yet' : `As of ${formatAge(now - capacity.at)} ago`}
            {capacity.problem && <span className="down"> · Last ask failed: {capacity.problem}</span>}
            <button
              type="button"
              className="button button-small link-button"
              onClick={() => void refreshCapacity()}
            >
              Ask again
            </button>
          </p>
        </>
      )}
      <QuickCheck quote={quote} />
    </section>
  )
}
