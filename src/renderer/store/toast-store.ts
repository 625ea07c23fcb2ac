import { useStoreSlice } from './use-store-slice'
import { createStore } from 'zustand/vanilla'

/**
 * Short-lived messages in the corner: an alert that fired while the window was in view, an export
 * saved. Each goes away by itself; screen readers hear the same words through the announcer. The
 * same message again does not pile up: the standing toast counts it and stays its full time anew.
 */

export interface Toast {
  id: number
  /** Bold first line: the symbol, or what happened. */
  title: string
  text: string
  /** A second line, muted (an alert's note). */
  detail?: string
  /** A symbol the toast offers to show. */
  symbol?: string
  /**
   * A button that acts on what the toast says (Undo). `repeatable`: the button does the same
   * whatever the toast it stands on (Clear sort), so a repeat of the message may share it.
   */
  action?: { label: string; run(): void; repeatable?: boolean }
  tone: 'alert' | 'info'
  /** How many times this same message was shown while the toast stood (1 at first). */
  count: number
}

export interface ToastState {
  toasts: readonly Toast[]
}

/** Long enough to read a sentence and reach for the button. */
const TOAST_MS = 10_000
/** More than this at once and the oldest goes: a burst of alerts must not cover the window. */
const MAX_TOASTS = 3

export const toastStore = createStore<ToastState>(() => ({ toasts: [] }))

export function useToasts<T>(selector: (state: ToastState) => T): T {
  return useStoreSlice(toastStore, selector)
}

let nextId = 1
/** Each toast's timer, restarted when the same message comes again. */
const timers = new Map<number, ReturnType<typeof setTimeout>>()

/**
 * The same words, and nothing to act on or the same repeatable act: a toast with Undo acts on its
 * own removal, never merged.
 */
function sameMessage(shown: Toast, toast: Omit<Toast, 'id' | 'count'>): boolean {
  const sameAct =
    shown.action === undefined
      ? toast.action === undefined
      : toast.action !== undefined &&
        shown.action.repeatable === true &&
        toast.action.repeatable === true &&
        shown.action.label === toast.action.label
  return (
    sameAct &&
    shown.tone === toast.tone &&
    shown.title === toast.title &&
    shown.text === toast.text &&
    shown.detail === toast.detail &&
    shown.symbol === toast.symbol
  )
}

/** Shows a toast; the same message again refreshes the one standing (last, counted, timer anew). */
export function showToast(toast: Omit<Toast, 'id' | 'count'>): number {
  const repeated = toastStore.getState().toasts.find((shown) => sameMessage(shown, toast))
  const id = repeated?.id ?? nextId++
  const count = (repeated?.count ?? 0) + 1
  toastStore.setState((state) => ({
    toasts: [...state.toasts.filter((shown) => shown.id !== id), { ...toast, id, count }].slice(-MAX_TOASTS),
  }))
  clearTimeout(timers.get(id))
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_MS),
  )
  return id
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id))
  timers.delete(id)
  toastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }))
}
