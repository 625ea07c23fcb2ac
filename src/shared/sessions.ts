/** The four trading sessions the API names. The service also sends others (`offhours`); see wire.ts. */
export const SESSION_NAMES = ['premarket', 'regular', 'postmarket', 'overnight'] as const
export type SessionName = (typeof SESSION_NAMES)[number]

export function isSessionName(value: unknown): value is SessionName {
  return typeof value === 'string' && (SESSION_NAMES as readonly string[]).includes(value)
}

/** Short labels for badges. */
export const SESSION_BADGE: Record<SessionName, string> = {
  premarket: 'PRE',
  regular: 'REG',
  postmarket: 'POST',
  overnight: 'ON',
}
