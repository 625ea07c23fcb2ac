import { HISTORY_RANGES, type HistoryRange } from '../../shared/history'

/**
 * The detail chart's range on the keyboard: 1 to 7 pick 1D ... All, in the buttons' order; the
 * range buttons themselves move with the arrow keys, as a radio group does. Plain arithmetic,
 * apart from the views, so it is tested on its own (test/renderer/range-keys.test.ts).
 */

export const RANGE_LABEL: Readonly<Record<HistoryRange, string>> = {
  '1d': '1D',
  '1w': '1W',
  '1m': '1M',
  '3m': '3M',
  '6m': '6M',
  '1y': '1Y',
  all: 'All',
}

/** Said in words: "1 month", for the chart's description and its messages. */
export const RANGE_WORDS: Readonly<Record<HistoryRange, string>> = {
  '1d': '24 hour',
  '1w': '1 week',
  '1m': '1 month',
  '3m': '3 month',
  '6m': '6 month',
  '1y': '1 year',
  all: 'all time',
}

/** The range a digit key picks, or undefined for any other key. */
export function rangeForDigit(key: string): HistoryRange | undefined {
  return /^[1-7]$/.test(key) ? HISTORY_RANGES[Number(key) - 1] : undefined
}

/**
 * Where an arrow key (or Home/End) moves the choice among the range buttons `ranges` (the detail
 * chart's all, the portfolio chart's from 1W), or undefined.
 */
export function movedRange<Range extends HistoryRange>(
  key: string,
  current: Range,
  ranges: readonly Range[],
): Range | undefined {
  const index = ranges.indexOf(current)
  const last = ranges.length - 1
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return ranges[index <= 0 ? last : index - 1]
    case 'ArrowRight':
    case 'ArrowDown':
      return ranges[index === last ? 0 : index + 1]
    case 'Home':
      return ranges[0]
    case 'End':
      return ranges[last]
    default:
      return undefined
  }
}
