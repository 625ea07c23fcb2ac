/** "14:03:12" as the page shows a time: market time (America/New_York), 24 h. */
export function marketClockText(ms: number): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'America/New_York',
  }).format(ms)
}
