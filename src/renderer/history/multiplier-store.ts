import { useStoreSlice } from '../store/use-store-slice'
import { createStore } from 'zustand/vanilla'
import { compareDecimalStrings, type DecimalString } from '../../shared/decimal'
import type { AssetQuote } from '../../shared/domain'
import { watchStore } from '../store/watch-store'

/**
 * The last change of each token's shares multiplier seen while the window is open (a split steps
 * it, a reinvested dividend nudges it), so the detail panel can mark it: previous -> new, when.
 * Kept beside the watch store, which it follows, rather than in it: only the panel reads it.
 */

export interface MultiplierChange {
  previous: DecimalString
  current: DecimalString
  /** When the service reported the new multiplier (the record's timestamp), Unix ms. */
  at: number
}

export type MultiplierChanges = ReadonlyMap<string, MultiplierChange>

/**
 * The changes after the quotes went from `before` to `after`, added to `known`; `known` itself
 * when none changed. A multiplier written with other digits ("10" and "10.0") is no change, and
 * neither is one appearing or going missing.
 */
export function withMultiplierChanges(
  known: MultiplierChanges,
  before: ReadonlyMap<string, AssetQuote>,
  after: ReadonlyMap<string, AssetQuote>,
  now: number,
): MultiplierChanges {
  let changes: Map<string, MultiplierChange> | null = null
  for (const [symbol, quote] of after) {
    const old = before.get(symbol)
    // Most quotes are the same object, or carry the same multiplier string: checked first, cheaply.
    if (!old || old === quote || old.sharesMultiplier === quote.sharesMultiplier) continue
    const previous = old.sharesMultiplier
    const current = quote.sharesMultiplier
    if (previous === null || current === null || compareDecimalStrings(previous, current) === 0) continue
    changes ??= new Map(known)
    changes.set(symbol, { previous, current, at: quote.marketTimestamp ?? now })
  }
  return changes ?? known
}

const multiplierStore = createStore<{ changes: MultiplierChanges }>(() => ({ changes: new Map() }))

watchStore.subscribe((state, previous) => {
  if (state.quotes === previous.quotes) return
  const known = multiplierStore.getState().changes
  const changes = withMultiplierChanges(known, previous.quotes, state.quotes, Date.now())
  if (changes !== known) multiplierStore.setState({ changes })
})

/** The last multiplier change seen for `symbol`, or undefined. */
export function useMultiplierChange(symbol: string): MultiplierChange | undefined {
  return useStoreSlice(multiplierStore, (state) => state.changes.get(symbol))
}
