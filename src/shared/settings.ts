import { z } from 'zod'
import { streamAddressProblem } from './stream-setting'
import { HISTORY_RANGES } from './history'
import { TIME_ZONE_CHOICES } from './display-time'
import { costMethodSchema, quantitySourceSchema } from './holdings-schema'
import { isValidSymbol } from './symbols'
import { DEFAULT_COLUMNS, WATCHLIST_COLUMNS } from './watchlist-columns'

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

/** The most watchlists one person keeps; Ctrl+1..9 reach the first nine. */
export const MAX_LISTS = 20
export const DEFAULT_LIST_NAME = 'Watchlist'

/** Ids are made by main ("l1", "l2", ...); the renderer only hands them back. */
export const listIdSchema = z.string().regex(/^l[0-9]{1,6}$/, { message: 'not a watchlist id' })
export const listNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'a watchlist needs a name' })
  .max(40, { message: 'a watchlist name is at most 40 characters' })
  .regex(/^[^\p{Cc}]*$/u, { message: 'a watchlist name has no control characters' })

/** One watchlist: its symbols in their order, and how it shows them (columns, sort). */
export const watchlistSchema = z.object({
  id: listIdSchema,
  name: listNameSchema,
  symbols: z.array(symbolSchema).max(MAX_WATCHLIST),
  columns: z.array(watchlistColumnSchema).max(WATCHLIST_COLUMNS.length),
  sort: columnSortSchema.nullable(),
  /**
   * The person chose this list's columns with the holding columns offered: from then on `columns`
   * says which of them show. Absent (lists saved before the ledger): all of them, once any is held.
   */
  holdingColumnsChosen: z.boolean().optional(),
})
export type Watchlist = z.output<typeof watchlistSchema>

export const timeZoneChoiceSchema = z.enum(TIME_ZONE_CHOICES)

export const DEMO_MODES = ['auto', 'on', 'off'] as const
export const demoModeSchema = z.enum(DEMO_MODES)
export type DemoMode = z.output<typeof demoModeSchema>

export const chartRangeSchema = z.enum(HISTORY_RANGES)
export const CHART_STYLES = ['candles', 'line'] as const
export const chartStyleSchema = z.enum(CHART_STYLES)
export type ChartStyle = z.output<typeof chartStyleSchema>

const settingsFields = z.object({
  version: z.literal(2),
  lists: z.array(watchlistSchema).min(1).max(MAX_LISTS),
  /** The list the window, the ticker strip and the tray show. */
  activeListId: listIdSchema,
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
  tickerOnly: z.boolean(),
  /**
   * The simulated market when no key is stored for the base URL: 'on' always then, 'off' never
   * (the app says the key is missing instead), 'auto' (a first start's choice) until a key is
   * stored, when it becomes 'off': demo is never shown in place of a service the user chose.
   * Files saved before it existed read as 'auto'.
   */
  demo: demoModeSchema.default('auto'),
  /** How positions are costed: average cost or FIFO lots. Files saved before it existed read as average. */
  costMethod: costMethodSchema.default('average'),
  /**
   * Where a position's quantity comes from: the ledger, the wallets, or the wallets with the
   * ledger's cost basis (issue 48). Files saved before it existed read as the ledger, what they showed.
   */
  quantitySource: quantitySourceSchema.default('ledger'),
  /** Every quantity, value and P&L shown as dots (window and tray), for sharing the screen. */
  hideAmounts: z.boolean().default(false),
  /**
   * The zone every time on screen is told in: market time (New York) or this computer's
   * (display-time.ts). Files saved before it existed read as market time, what they showed then.
   */
  timeZone: timeZoneChoiceSchema.default('market'),
  /** The detail chart's range, kept for the next symbol and the next start. Older files read as 1D. */
  chartRange: chartRangeSchema.default('1d'),
  /** The token drawn as candles or as a line on the ranges beyond 1D. Older files read as candles. */
  chartStyle: chartStyleSchema.default('candles'),
  /**
   * Where prices stream from: empty (or absent, older files) derives it from the base URL, `off`
   * never streams, else `host[:port]` (stream-setting.ts).
   */
  streamAddress: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = streamAddressProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .optional(),
})

export const settingsSchema = settingsFields.superRefine((settings, ctx) => {
  const ids = settings.lists.map((list) => list.id)
  const names = settings.lists.map((list) => list.name.toLocaleLowerCase())
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({ code: 'custom', path: ['lists'], message: 'two watchlists share an id' })
  if (new Set(names).size !== names.length)
    ctx.addIssue({ code: 'custom', path: ['lists'], message: 'two watchlists share a name' })
  if (!ids.includes(settings.activeListId))
    ctx.addIssue({
      code: 'custom',
      path: ['activeListId'],
      message: 'the active watchlist is not among the lists',
    })
})
export type Settings = z.output<typeof settingsSchema>

/**
 * The settings file as version 1 wrote it (one watchlist, its columns and sort at the top level).
 * Frozen: it is only read, to migrate a file written before several watchlists.
 */
const settingsV1Schema = settingsFields.omit({ version: true, lists: true, activeListId: true }).extend({
  version: z.literal(1),
  watchlist: z.array(symbolSchema).max(MAX_WATCHLIST),
  columns: z.array(watchlistColumnSchema).max(WATCHLIST_COLUMNS.length),
  sort: columnSortSchema.nullable(),
})

/** Version 1 becomes one list holding its watchlist, columns and sort; nothing else changes. */
function migrateV1(v1: z.output<typeof settingsV1Schema>): Settings {
  const { watchlist, columns, sort, version: _version, ...rest } = v1
  return {
    ...rest,
    version: 2,
    lists: [{ id: 'l1', name: DEFAULT_LIST_NAME, symbols: watchlist, columns, sort }],
    activeListId: 'l1',
  }
}

/** What a settings file may hold: the current version, or an older one, migrated as it is read. */
export const storedSettingsSchema = z.discriminatedUnion('version', [
  settingsSchema,
  settingsV1Schema.transform(migrateV1),
])

export const DEFAULT_SETTINGS: Settings = {
  version: 2,
  lists: [
    {
      id: 'l1',
      name: DEFAULT_LIST_NAME,
      symbols: DEFAULT_WATCHLIST,
      columns: [...DEFAULT_COLUMNS],
      sort: null,
    },
  ],
  activeListId: 'l1',
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
  tickerOnly: false,
  demo: 'auto',
  costMethod: 'average',
  quantitySource: 'ledger',
  hideAmounts: false,
  timeZone: 'market',
  chartRange: '1d',
  chartStyle: 'candles',
}

/** What the renderer may change through `updateSettings`: everything but the lists and version. */
export const settingsPatchSchema = settingsFields
  .omit({ version: true, lists: true, activeListId: true })
  // Without their defaults: in a patch, a missing closeToTray, demo, costMethod, quantitySource,
  // timeZone or chart choice means "leave as is".
  .extend({
    // Strict inside too: a key the window should not send (or __proto__) is refused, not dropped.
    cadences: cadencesSchema.partial().strict(),
    windowBounds: windowBoundsSchema.strict().nullable(),
    closeToTray: z.boolean(),
    demo: demoModeSchema,
    costMethod: costMethodSchema,
    quantitySource: quantitySourceSchema,
    hideAmounts: z.boolean(),
    timeZone: timeZoneChoiceSchema,
    chartRange: chartRangeSchema,
    chartStyle: chartStyleSchema,
  })
  .partial()
  .strict()
export type SettingsPatch = z.input<typeof settingsPatchSchema>

/** A list's own display choices, changed through `updateList`. */
export const listViewPatchSchema = watchlistSchema
  .pick({ columns: true, sort: true, holdingColumnsChosen: true })
  .partial()
  .strict()
export type ListViewPatch = z.input<typeof listViewPatchSchema>
