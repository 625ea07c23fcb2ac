import { removeSymbolWithAlerts } from './lists-api'
import { alertsOf, useAlerts } from '../alerts/alert-store'
import { closeDialog, shownList, useWatch } from '../store/watch-store'
import { Modal } from '../ui/Modal'

/**
 * Removing a symbol that has alerts and is in no other list: its alerts would otherwise watch a
 * symbol the person no longer sees. They choose: keep the alerts (the symbol stays polled for
 * them) or delete them with it.
 */
export function RemoveSymbolDialog() {
  const symbol = useWatch((state) => state.dialogSymbol)
  const listName = useWatch((state) => shownList(state)?.name ?? 'the watchlist')
  const count = useAlerts((state) => (symbol ? alertsOf(state.alerts, symbol).length : 0))
  if (!symbol) return null
  const answer = (deleteAlerts: boolean) => {
    closeDialog()
    void removeSymbolWithAlerts(symbol, deleteAlerts)
  }
  const alerts = count === 1 ? 'an alert' : `${count} alerts`
  return (
    <Modal
      titleId="remove-symbol-title"
      onClose={closeDialog}
      className="modal-narrow"
      initialFocusId="remove-keep"
    >
      <header className="modal-head">
        <h2 id="remove-symbol-title">
          Remove {symbol} from {listName}?
        </h2>
      </header>
      <p className="modal-body">
        {symbol} has {alerts}. Keep watching: its alerts stay on and Tokenwatch keeps fetching its price for
        them, though no list shows it. Or delete {count === 1 ? 'it' : 'them'} with the symbol.
      </p>
      <div className="modal-actions modal-actions-wrap">
        <button type="button" id="remove-keep" className="button" onClick={() => answer(false)}>
          Remove, keep watching its alerts
        </button>
        <button type="button" className="button button-danger" onClick={() => answer(true)}>
          Remove with its {alerts}
        </button>
        <button type="button" className="button" onClick={closeDialog}>
          Cancel
        </button>
      </div>
    </Modal>
  )
}
