/**
 * The trading sessions the API names. The four conventional ones follow the NYSE week; `offhours`
 * runs while they are closed (weekends, holidays, after an early close), only for the assets that
 * opt in. When each runs: session-clock.ts.
 */
export const CONVENTIONAL_SESSIONS = ['premarket', 'regular', 'postmarket', 'overnight'] as const
export type ConventionalSession = (typeof CONVENTIONAL_SESSIONS)[number]

export const SESSION_NAMES = [...CONVENTIONAL_SESSIONS, 'offhours'] as const
export type SessionName = (typeof SESSION_NAMES)[number]

export function isSessionName(value: unknown): value is SessionName {
  return typeof value === 'string' && (SESSION_NAMES as readonly string[]).includes(value)
}

export function isConventionalSession(value: unknown): value is ConventionalSession {
  return typeof value === 'string' && (CONVENTIONAL_SESSIONS as readonly string[]).includes(value)
}

/** Short labels for badges. */
export const SESSION_BADGE: Record<SessionName, string> = {
  premarket: 'PRE',
  regular: 'REG',
  postmarket: 'POST',
  overnight: 'ON',
  offhours: 'OFF',
}
