import { useRef, type KeyboardEvent } from 'react'
import { HISTORY_RANGES, type HistoryRange } from '../../shared/history'
import type { ChartStyle } from '../../shared/settings'
import { updatePreference } from '../api'
import { movedRange, RANGE_LABEL, RANGE_WORDS } from '../chart/range-keys'

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
  return (
    <div className="chart-bar">
      <RangeButtons
        ranges={HISTORY_RANGES}
        range={range}
        onChoose={(next) => void updatePreference({ chartRange: next })}
      />
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

/**
 * A chart's range buttons, a radio group: Tab reaches the chosen one, the arrows move the choice
 * and the focus with it. Each says its digit key (range-keys.ts), the same for every chart.
 */
export function RangeButtons<Range extends HistoryRange>({
  ranges,
  range,
  onChoose,
}: {
  ranges: readonly Range[]
  range: Range
  onChoose(range: Range): void
}) {
  const group = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = movedRange(event.key, range, ranges)
    if (!next) return
    event.preventDefault()
    onChoose(next)
    // The focus follows the choice, as in any radio group.
    group.current?.querySelector<HTMLElement>(`[data-range="${next}"]`)?.focus()
  }
  return (
    <div
      ref={group}
      className="chart-ranges"
      role="radiogroup"
      aria-label="Chart range"
      onKeyDown={onKeyDown}
    >
      {ranges.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          data-range={option}
          aria-checked={option === range}
          aria-label={`${RANGE_WORDS[option]} (key ${HISTORY_RANGES.indexOf(option) + 1})`}
          tabIndex={option === range ? 0 : -1}
          className={option === range ? 'chart-range-button chosen' : 'chart-range-button'}
          onClick={() => onChoose(option)}
        >
          {RANGE_LABEL[option]}
        </button>
      ))}
    </div>
  )
}
