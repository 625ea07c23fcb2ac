import { z } from 'zod'
import { isValidSymbol } from './symbols'
import { WATCHLIST_COLUMNS } from './watchlist-columns'

/** Bounds on each poll cadence. Below the service's own cache time a poll brings nothing new. */
export const CADENCE_BOUNDS_MS = {
  prices: { min: 1_000, max: 300_000, default: 5_000 },
  market: { min: 15_000, max: 3_600_000, default: 60_000 },
  limits: { min: 15_000, max: 3_600_000, default: 60_000 },
} as const

export const DEFAULT_BASE_URL = 'https://api.gm.ondo.finance'
export const MAX_WATCHLIST = 500
export const DEFAULT_WATCHLIST = ['AAPLon', 'NVDAon', 'TSLAon', 'SPYon', 'MSFTon', 'AMZNon', 'QQQon', 'Fon']

export const watchlistColumnSchema = z.enum(WATCHLIST_COLUMNS)
export const symbolSchema = z
  .string()
  .refine(isValidSymbol, { message: 'not a valid token symbol (for example AAPLon)' })

/**
 * A base URL: https anywhere, http only to loopback (so a key never travels in clear text).
 * Only an origin, optionally with a path prefix; no credentials, query or fragment.
 */
export function checkBaseUrl(input: string): { ok: true; url: string } | { ok: false; reason: string } {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return { ok: false, reason: 'not a URL (for example https://api.gm.ondo.finance)' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: 'only https:// URLs are allowed' }
  if (url.username || url.password)
    return { ok: false, reason: 'a base URL must not carry a user name or password' }
  if (url.search || url.hash) return { ok: false, reason: 'a base URL has no query or fragment' }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return {
      ok: false,
      reason: 'plain http:// is allowed only to this computer (127.0.0.1, localhost); use https://',
    }
  const path = url.pathname.replace(/\/+$/, '')
  return { ok: true, url: `${url.origin}${path}` }
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host)
}

export const baseUrlSchema = z
  .string()
  .max(2048)
  .transform((value, ctx) => {
    const checked = checkBaseUrl(value)
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.reason })
      return z.NEVER
    }
    return checked.url
  })

const cadence = (bounds: { min: number; max: number }) =>
  z
    .number()
    .int()
    .min(bounds.min, { message: `at least ${bounds.min / 1000} s` })
    .max(bounds.max, { message: `at most ${bounds.max / 1000} s` })

export const cadencesSchema = z.object({
  pricesMs: cadence(CADENCE_BOUNDS_MS.prices),
  marketMs: cadence(CADENCE_BOUNDS_MS.market),
  limitsMs: cadence(CADENCE_BOUNDS_MS.limits),
})
export type Cadences = z.output<typeof cadencesSchema>

export const windowBoundsSchema = z.object({
  x: z.number().int().min(-100_000).max(100_000),
  y: z.number().int().min(-100_000).max(100_000),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(60).max(20_000),
})

export const columnSortSchema = z.object({
  column: watchlistColumnSchema,
  direction: z.enum(['asc', 'desc']),
})

export const settingsSchema = z.object({
  version: z.literal(1),
  watchlist: z.array(symbolSchema).max(MAX_WATCHLIST),
  baseUrl: baseUrlSchema,
  cadences: cadencesSchema,
  pinned: z.boolean(),
  windowBounds: windowBoundsSchema.nullable(),
  theme: z.enum(['dark', 'light']),
  density: z.enum(['comfortable', 'compact']),
  startAtLogin: z.boolean(),
  /**
   * Closing the window leaves the app running in the tray (true) or quits it (false). Desktops
   * without a tray host (GNOME without the AppIndicator extension) would otherwise be left with an
   * invisible process. Files saved before it existed read as true, what closing did then.
   */
  closeToTray: z.boolean().default(true),
  columns: z.array(watchlistColumnSchema).max(WATCHLIST_COLUMNS.length),
  sort: columnSortSchema.nullable(),
  tickerOnly: z.boolean(),
})
export type Settings = z.output<typeof settingsSchema>

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  watchlist: DEFAULT_WATCHLIST,
  baseUrl: DEFAULT_BASE_URL,
  cadences: {
    pricesMs: CADENCE_BOUNDS_MS.prices.default,
    marketMs: CADENCE_BOUNDS_MS.market.default,
    limitsMs: CADENCE_BOUNDS_MS.limits.default,
  },
  pinned: false,
  windowBounds: null,
  theme: 'dark',
  density: 'comfortable',
  startAtLogin: false,
  closeToTray: true,
  columns: [...WATCHLIST_COLUMNS],
  sort: null,
  tickerOnly: false,
}

/** What the renderer may change through `updateSettings`: everything but the watchlist and version. */
export const settingsPatchSchema = settingsSchema
  .omit({ version: true, watchlist: true })
  // Without its default: in a patch, a missing closeToTray means "leave as is", not "true".
  .extend({ cadences: cadencesSchema.partial(), closeToTray: z.boolean() })
  .partial()
  .strict()
export type SettingsPatch = z.input<typeof settingsPatchSchema>
