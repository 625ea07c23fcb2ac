import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismissToast, showToast, toastStore } from '../../src/renderer/store/toast-store'

/** The corner toasts: one per message, a repeat refreshing the one that stands. */

const sortToast = {
  tone: 'info',
  title: 'Rows follow the sort',
  text: 'Clear the sort to move rows.',
} as const
const shown = () => toastStore.getState().toasts.map((toast) => `${toast.title} ×${toast.count}`)

beforeEach(() => {
  vi.useFakeTimers()
  for (const toast of toastStore.getState().toasts) dismissToast(toast.id)
})
afterEach(() => vi.useRealTimers())

describe('toasts', () => {
  it('shows the same message once, counted, and moves it last', () => {
    const first = showToast(sortToast)
    showToast({ tone: 'info', title: 'Exported', text: 'Saved watchlist.csv' })
    expect(showToast(sortToast)).toBe(first)
    showToast(sortToast)
    expect(shown()).toEqual(['Exported ×1', 'Rows follow the sort ×3'])
  })

  it('gives a repeat the full time again', () => {
    showToast(sortToast)
    vi.advanceTimersByTime(9_000)
    showToast(sortToast)
    vi.advanceTimersByTime(9_000)
    expect(shown()).toEqual(['Rows follow the sort ×2'])
    vi.advanceTimersByTime(1_000)
    expect(shown()).toEqual([])
  })

  it('never merges toasts that act (each Undo restores its own thing)', () => {
    const undo = { tone: 'info', title: 'Removed AAPLon', text: 'From Watchlist.' } as const
    showToast({ ...undo, action: { label: 'Undo', run: () => undefined } })
    showToast({ ...undo, action: { label: 'Undo', run: () => undefined } })
    expect(shown()).toEqual(['Removed AAPLon ×1', 'Removed AAPLon ×1'])
  })

  it('merges a message whose button does the same each time (Clear sort), keeping the newest button', () => {
    const runs: string[] = []
    const clearSort = (run: string) => ({
      label: 'Clear sort',
      run: () => void runs.push(run),
      repeatable: true,
    })
    showToast({ ...sortToast, action: clearSort('first') })
    showToast({ ...sortToast, action: clearSort('second') })
    showToast({ ...sortToast, action: { label: 'Undo', run: () => undefined, repeatable: true } })
    expect(shown()).toEqual(['Rows follow the sort ×2', 'Rows follow the sort ×1'])
    toastStore.getState().toasts[0]!.action!.run()
    expect(runs).toEqual(['second'])
  })
})
