/**
 * The alert chime: two short sine notes made with the Web Audio API. No audio file: the page's
 * CSP allows no media source, and an oscillator needs none. Where there is no audio (no device,
 * an autoplay policy, a test browser) it stays silent: the toast, the log and the desktop
 * notification still tell.
 */

const NOTES_HZ = [880, 1318.5] as const
const NOTE_SECONDS = 0.14
const PEAK_GAIN = 0.12

let context: AudioContext | null = null

function audioContext(): AudioContext | null {
  if (context) return context
  if (typeof window.AudioContext !== 'function') return null
  context = new window.AudioContext()
  return context
}

export function playAlertChime(): void {
  try {
    const audio = audioContext()
    if (!audio) return
    // A context made before any click starts suspended; resuming may be refused, which is fine.
    if (audio.state === 'suspended') audio.resume().catch(() => undefined)
    NOTES_HZ.forEach((frequency, index) => {
      const start = audio.currentTime + index * NOTE_SECONDS
      const oscillator = audio.createOscillator()
      const gain = audio.createGain()
      oscillator.type = 'sine'
      oscillator.frequency.value = frequency
      // A quick rise and an exponential fall: a soft chime, not a click.
      gain.gain.setValueAtTime(0.0001, start)
      gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, start + 0.01)
      gain.gain.exponentialRampToValueAtTime(0.0001, start + NOTE_SECONDS)
      oscillator.connect(gain).connect(audio.destination)
      oscillator.start(start)
      oscillator.stop(start + NOTE_SECONDS)
    })
  } catch {
    // No audio here: the alert is shown all the same.
  }
}
