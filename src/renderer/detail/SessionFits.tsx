import type { QuickCheck } from '../service-status/service-status-text'

/** Whether an amount fits each of today's remaining sessions by its maximum (a quick check's sessions). */
export function SessionFits({ sessions }: { sessions: QuickCheck['sessions'] }) {
  if (sessions.length === 0) return null
  return (
    <ul className="quick-check-sessions" aria-label="Today's remaining sessions, by their maxima">
      {sessions.map((session) => (
        <li key={session.session} className={session.fits ? 'up' : 'muted'}>
          {session.fits ? '✓' : '✕'} {session.label}: {session.fits ? 'fits' : 'does not fit'} ({session.why})
        </li>
      ))}
    </ul>
  )
}
