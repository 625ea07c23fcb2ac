import type { AppStatus } from '../../shared/status'
import { useWatch } from '../store/watch-store'

const CONNECTION_TEXT: Record<AppStatus['connection'], string> = {
  connecting: 'Connecting',
  online: 'Online',
  degraded: 'Degraded',
  offline: 'Offline',
  paused: 'Paused',
}

/** Connection state at a glance: a coloured dot and a word, never the colour alone. */
export function StatusPill() {
  const connection = useWatch((state) => state.status?.connection ?? 'connecting')
  const demo = useWatch((state) =>
    state.status ? state.status.mode === 'demo' : (state.source?.demo ?? false),
  )
  return (
    <span
      className={`status-pill status-${connection}`}
      role="status"
      aria-label={`Connection: ${CONNECTION_TEXT[connection]}`}
      title={`Connection: ${CONNECTION_TEXT[connection]}`}
    >
      <span className="status-dot" aria-hidden="true" />
      <span className="status-word">{CONNECTION_TEXT[connection]}</span>
      {demo && <span className="status-mode">DEMO</span>}
    </span>
  )
}
