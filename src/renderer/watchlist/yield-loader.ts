import { loadDividends } from '../api'

/**
 * The yield column's requests: each symbol a shown list shows is asked at most once a day, one
 * symbol every few seconds, never in a burst (main keeps each answer a day as well). Cells say
 * which symbols they show; the queue does the rest.
 */

const DAY_MS = 24 * 60 * 60_000
/** Between two yield requests: 20 symbols take a minute, 500 about half an hour. */
export const YIELD_REQUEST_SPACING_MS = 3_000

const askedAt = new Map<string, number>()
const queue: string[] = []
let timer: ReturnType<typeof setTimeout> | null = null

/** A yield cell of `symbol` is on screen: its yield is asked in turn unless asked within the day. */
export function wantYield(symbol: string): void {
  const last = askedAt.get(symbol)
  if ((last !== undefined && Date.now() - last < DAY_MS) || queue.includes(symbol)) return
  queue.push(symbol)
  if (timer === null) timer = setTimeout(askNext, 0)
}

function askNext(): void {
  timer = null
  const symbol = queue.shift()
  if (symbol === undefined) return
  askedAt.set(symbol, Date.now())
  void loadDividends(symbol, 'column')
  if (queue.length > 0) timer = setTimeout(askNext, YIELD_REQUEST_SPACING_MS)
}
