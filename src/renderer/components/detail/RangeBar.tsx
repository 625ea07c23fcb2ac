import { useRef, type KeyboardEvent } from 'react'
import { HISTORY_RANGES, type HistoryRange } from '../../../shared/history'
import type { ChartStyle } from '../../../shared/settings'
import { updatePreference } from '../../api'
import { movedRange, RANGE_LABEL, RANGE_WORDS } from '../../chart/range-keys'

/**
 * The detail chart's range buttons (a radio group: Tab reaches the chosen one, the arrows move the
 * choice) and, beyond 1D, the candles-or-line switch and the export. The choice is a setting, so
 * the next symbol and the next start open on it. Keys 1 to 7 and C do the same from anywhere in
 * the window while the details are open (keyboard.ts).
 */
export function RangeBar({
  range,
  style,
  onExport,
}: {
  range: HistoryRange
  style: ChartStyle
  /** Offered once the shown range has points to export. */
  onExport: (() => void) | null
}) {
  const group = useRef<HTMLDivElement>(null)
  const choose = (next: HistoryRange) => void updatePreference({ chartRange: next })
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = movedRange(event.key, range)
    if (!next) return
    event.preventDefault()
    choose(next)
    // The focus follows the choice, as in any radio group.
    group.current?.querySelector<HTMLElement>(`[data-range="${next}"]`)?.focus()
  }
  return (
    <div className="chart-bar">
      <div
        ref={group}
        className="chart-ranges"
        role="radiogroup"
        aria-label="Chart range"
        onKeyDown={onKeyDown}
      >
        {HISTORY_RANGES.map((option, index) => (
          <button
            key={option}
            type="button"
            role="radio"
            data-range={option}
            aria-checked={option === range}
            aria-label={`${RANGE_WORDS[option]} (key ${index + 1})`}
            tabIndex={option === range ? 0 : -1}
            className={option === range ? 'chart-range-button chosen' : 'chart-range-button'}
            onClick={() => choose(option)}
          >
            {RANGE_LABEL[option]}
          </button>
        ))}
      </div>
      {range !== '1d' && (
        <div className="chart-tools">
          <button
            type="button"
            className="button button-small"
            aria-pressed={style === 'candles'}
            title="Candles, or a line of the closes (key C)"
            onClick={() => void updatePreference({ chartStyle: style === 'candles' ? 'line' : 'candles' })}
          >
            Candles
          </button>
          {onExport && (
            <button type="button" className="button button-small" onClick={onExport}>
              Export CSV
            </button>
          )}
        </div>
      )}
    </div>
  )
}
