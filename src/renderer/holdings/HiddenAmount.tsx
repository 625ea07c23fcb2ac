import { HIDDEN_AMOUNT } from '../../shared/holdings'
import { useWatch } from '../store/watch-store'

/** The settings' "hide amounts": every quantity, value and P&L shown as dots, for screen sharing. */
export function useAmountsHidden(): boolean {
  return useWatch((state) => state.settings?.hideAmounts ?? false)
}

/** What an amount shows while amounts are hidden; its accessible name says so too. */
export function HiddenAmount() {
  return (
    <span className="hidden-amount" role="img" aria-label="hidden">
      {HIDDEN_AMOUNT}
    </span>
  )
}
