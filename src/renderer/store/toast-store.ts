import { useStoreSlice } from './use-store-slice'
import { createStore } from 'zustand/vanilla'

/**
 * Short-lived messages in the corner: an alert that fired while the window was in view, an export
 * saved. Each goes away by itself; screen readers hear the same words through the announcer.
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
  /** A button that acts on what the toast says (Undo). */
  action?: { label: string; run(): void }
  tone: 'alert' | 'info'
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

export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++
  toastStore.setState((state) => ({ toasts: [...state.toasts, { ...toast, id }].slice(-MAX_TOASTS) }))
  window.setTimeout(() => dismissToast(id), TOAST_MS)
  return id
}

export function dismissToast(id: number): void {
  toastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }))
}
