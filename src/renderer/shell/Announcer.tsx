import { useWatch } from '../store/watch-store'

/** Says what a command did to screen-reader users ("Removed AAPLon from the watchlist"). */
export function Announcer() {
  const announcement = useWatch((state) => state.announcement)
  return (
    <div className="visually-hidden" role="status" aria-live="polite">
      {/* A new key per announcement, so the same words said twice are announced twice. */}
      <span key={announcement.id}>{announcement.text}</span>
    </div>
  )
}
