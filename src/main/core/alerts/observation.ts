import type { DecimalString } from '../../../shared/decimal'

/** One reading of an alert's value against its condition (alert-engine.ts steps on it). */
export interface Observation {
  value: DecimalString
  /** In the firing zone. */
  beyond: boolean
  /** Back past the re-arm band, so the alert may fire again. */
  rearms: boolean
  message: string
}
