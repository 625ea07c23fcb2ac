import { keepFocusOnPage } from '../detail/panel-focus'
import { dismissToast, type Toast, useToasts } from '../store/toast-store'
import { showSymbol } from '../store/watch-store'
import { IconButton } from '../ui/IconButton'
import { BellIcon } from '../ui/icons'

function ToastCard({ toast }: { toast: Toast }) {
  const { symbol, action } = toast
  return (
    <li className={`toast toast-${toast.tone}`}>
      {toast.tone === 'alert' && (
        <span className="toast-icon">
          <BellIcon />
        </span>
      )}
      <div className="toast-body">
        <p className="toast-title">
          {toast.title}
          {toast.count > 1 && <span className="toast-count"> ×{toast.count}</span>}
        </p>
        <p className="toast-text">{toast.text}</p>
        {toast.detail && <p className="toast-detail">{toast.detail}</p>}
        {symbol && (
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              dismissToast(toast.id)
              showSymbol(symbol)
              keepFocusOnPage()
            }}
          >
            Show {symbol}
          </button>
        )}
        {action && (
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              dismissToast(toast.id)
              action.run()
              keepFocusOnPage()
            }}
          >
            {action.label}
          </button>
        )}
      </div>
      <IconButton
        label="Dismiss"
        className="toast-close"
        onClick={() => {
          dismissToast(toast.id)
          keepFocusOnPage()
        }}
      >
        ✕
      </IconButton>
    </li>
  )
}

/** The corner stack of toasts; what they say is also announced (alerts-api, watchlist-files). */
export function Toasts() {
  const toasts = useToasts((state) => state.toasts)
  if (toasts.length === 0) return null
  return (
    <section className="toasts" aria-label="Notifications">
      <ul>
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
      </ul>
    </section>
  )
}
