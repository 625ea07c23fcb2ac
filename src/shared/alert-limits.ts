/**
 * The alert model's limits and words, as plain constants: the leaf that both the zod schemas
 * (alerts.ts) and the words the window shows from its first frame (alert-text.ts) build on, so
 * neither imports the other and the first frame loads no zod.
 */

export const MAX_ALERTS = 500
export const MAX_NOTE_LENGTH = 200

export const COOLDOWN_BOUNDS_MS = { min: 0, max: 24 * 60 * 60_000, default: 5 * 60_000 } as const
export const STALE_MINUTES_BOUNDS = { min: 1, max: 24 * 60 } as const

/** The alert log keeps this many entries, newest first; older ones drop off. */
export const MAX_LOG_ENTRIES = 200

/**
 * The re-arm band: how far back past the level a value must go before the alert can fire again.
 * For price alerts a percent of the level ("0.25": 0.25 % of 200 = 0.50); for change and premium
 * alerts percentage points.
 */
export const DEFAULT_REARM_BAND = '0.25'

/** 'up' is a rise (or a premium to fair value), 'down' a fall (or a discount). */
export const ALERT_DIRECTIONS = ['up', 'down', 'either'] as const
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number]

export const SESSION_EVENTS = ['open', 'close', 'both'] as const
export type SessionEvent = (typeof SESSION_EVENTS)[number]

/**
 * Depth alerts (the service's depth ladder, issue 47): the spread's bound in basis points of the
 * mid, and how many of a side's best levels the liquidity alert sums.
 */
export const MAX_SPREAD_BP = '10000'
export const DEPTH_LEVELS_BOUNDS = { min: 1, max: 50, default: 5 } as const
/** Bids: what selling would meet; asks: what buying would meet. */
export const DEPTH_SIDES = ['bids', 'asks'] as const
export type DepthAlertSide = (typeof DEPTH_SIDES)[number]
export const DEPTH_UNITS = ['tokens', 'dollars'] as const
export type DepthAlertUnit = (typeof DEPTH_UNITS)[number]
