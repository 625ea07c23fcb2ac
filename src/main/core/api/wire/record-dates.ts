import type { RejectedRecord } from './wire-parse'

/**
 * When a record of the service may be dated. The service began long after 2000, and nothing it
 * measured can be dated much after it answered: a candle of 9999-12-31 would become the chart's
 * latest close, a market status of 1969 the market's state now. A day ahead allows for a clock
 * of the service's that runs fast; a scheduled time (a pause to come, the next open) is not a
 * record's date and may be further ahead.
 */
export const EARLIEST_RECORD_MS = Date.UTC(2000, 0, 1)
export const MAX_RECORD_AHEAD_MS = 24 * 60 * 60 * 1000

/** Why a record dated `t` cannot be one the service measured by `receivedAt`; null when it can. */
export function datingProblem(t: number, receivedAt: number): string | null {
  if (t < EARLIEST_RECORD_MS) return `dated ${new Date(t).toISOString()}, before 2000`
  if (t > receivedAt + MAX_RECORD_AHEAD_MS) return `dated ${new Date(t).toISOString()}, more than a day ahead`
  return null
}

/** The items dated within reach of `receivedAt`, and each other one rejected with why (for `symbol`). */
export function keepDated<T extends { t: number }>(
  items: readonly T[],
  receivedAt: number,
  symbol: string | null,
): { kept: T[]; rejected: RejectedRecord[] } {
  const kept: T[] = []
  const rejected: RejectedRecord[] = []
  for (const item of items) {
    const problem = datingProblem(item.t, receivedAt)
    if (problem === null) kept.push(item)
    else rejected.push({ symbol, reason: problem })
  }
  return { kept, rejected }
}
