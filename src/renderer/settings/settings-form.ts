// First: zod must be told about the CSP before the shared settings module builds its schemas.
import '../zod-csp'
import type { IpcError } from '../../shared/ipc-contract'
import { CADENCE_BOUNDS_MS, checkBaseUrl, type Settings, type SettingsPatch } from '../../shared/settings'
import { STREAMING_OFF, derivedStreamAddress, streamAddressProblem } from '../../shared/stream-setting'
import { shownColumnIds, type WatchlistColumn } from '../../shared/watchlist-columns'
import { activeList } from '../../shared/watchlists'

/**
 * The settings form's values as typed, their checks, and the patch they make. The checks are the
 * contract's own (checkBaseUrl, CADENCE_BOUNDS_MS), so the form refuses exactly what main would;
 * main checks again anyway, and its refusal is shown the same way.
 */

export type CadenceField = 'pricesSeconds' | 'marketSeconds' | 'limitsSeconds'

export interface SettingsDraft {
  baseUrl: string
  /** As typed: empty (derived from the base URL), `off`, or host[:port]. */
  streamAddress: string
  pricesSeconds: string
  marketSeconds: string
  limitsSeconds: string
  theme: Settings['theme']
  demo: Settings['demo']
  density: Settings['density']
  timeZone: Settings['timeZone']
  startAtLogin: boolean
  closeToTray: boolean
  tickerOnly: boolean
  costMethod: Settings['costMethod']
  quantitySource: Settings['quantitySource']
  columns: WatchlistColumn[]
}

export type DraftErrors = Partial<Record<'baseUrl' | 'streamAddress' | CadenceField, string>>

const CADENCE_FIELDS = {
  pricesSeconds: { key: 'pricesMs', bounds: CADENCE_BOUNDS_MS.prices, name: 'Prices' },
  marketSeconds: { key: 'marketMs', bounds: CADENCE_BOUNDS_MS.market, name: 'Market data' },
  limitsSeconds: { key: 'limitsMs', bounds: CADENCE_BOUNDS_MS.limits, name: 'Session limits' },
} as const

export const CADENCE_FIELD_NAMES = Object.keys(CADENCE_FIELDS) as CadenceField[]

export function cadenceLabel(field: CadenceField): string {
  return CADENCE_FIELDS[field].name
}

export function cadenceHint(field: CadenceField): string {
  const { min, max } = CADENCE_FIELDS[field].bounds
  return `${min / 1000} to ${max / 1000} seconds`
}

export function draftOf(settings: Settings): SettingsDraft {
  return {
    baseUrl: settings.baseUrl,
    streamAddress: settings.streamAddress ?? '',
    pricesSeconds: String(settings.cadences.pricesMs / 1000),
    marketSeconds: String(settings.cadences.marketMs / 1000),
    limitsSeconds: String(settings.cadences.limitsMs / 1000),
    theme: settings.theme,
    demo: settings.demo,
    density: settings.density,
    timeZone: settings.timeZone,
    startAtLogin: settings.startAtLogin,
    closeToTray: settings.closeToTray,
    tickerOnly: settings.tickerOnly,
    costMethod: settings.costMethod,
    quantitySource: settings.quantitySource,
    // The holding columns as they would show once something is held: offered, and ticked by default.
    columns: shownColumnIds(activeList(settings), true),
  }
}

/** The contract's reasons are clauses ("only https:// URLs are allowed"); shown alone, a sentence. */
function sentence(reason: string): string {
  return reason.charAt(0).toUpperCase() + reason.slice(1)
}

/** Seconds as typed ("5", "2.5") to whole milliseconds, or a reason it is not acceptable. */
export function checkCadence(
  field: CadenceField,
  text: string,
): { ok: true; ms: number } | { ok: false; reason: string } {
  const { bounds } = CADENCE_FIELDS[field]
  const trimmed = text.trim()
  if (!/^\d{1,7}(?:\.\d{1,3})?$/.test(trimmed))
    return { ok: false, reason: `Enter a number of seconds (${cadenceHint(field)})` }
  // A cadence is a count of seconds typed by a person, not a price: a Number is exact enough.
  const ms = Math.round(Number(trimmed) * 1000)
  if (ms < bounds.min || ms > bounds.max) return { ok: false, reason: `Must be ${cadenceHint(field)}` }
  return { ok: true, ms }
}

/** The changes the draft makes to the saved settings, or why it cannot be saved. */
export function patchFromDraft(
  draft: SettingsDraft,
  saved: Settings,
):
  { ok: true; patch: SettingsPatch; columns: WatchlistColumn[] | null } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {}
  const patch: SettingsPatch = {}
  const url = checkBaseUrl(draft.baseUrl.trim())
  if (!url.ok) errors.baseUrl = sentence(url.reason)
  else if (url.url !== saved.baseUrl) patch.baseUrl = url.url

  const streamAddress = draft.streamAddress.trim()
  const streamProblem = streamAddressProblem(streamAddress)
  if (streamProblem) errors.streamAddress = sentence(streamProblem)
  else if (streamAddress !== (saved.streamAddress ?? '')) patch.streamAddress = streamAddress

  const cadences: NonNullable<SettingsPatch['cadences']> = {}
  for (const field of CADENCE_FIELD_NAMES) {
    const checked = checkCadence(field, draft[field])
    const key = CADENCE_FIELDS[field].key
    if (!checked.ok) errors[field] = checked.reason
    else if (checked.ms !== saved.cadences[key]) cadences[key] = checked.ms
  }
  if (Object.keys(cadences).length > 0) patch.cadences = cadences
  if (Object.keys(errors).length > 0) return { ok: false, errors }

  if (draft.theme !== saved.theme) patch.theme = draft.theme
  if (draft.demo !== saved.demo) patch.demo = draft.demo
  if (draft.density !== saved.density) patch.density = draft.density
  if (draft.timeZone !== saved.timeZone) patch.timeZone = draft.timeZone
  if (draft.startAtLogin !== saved.startAtLogin) patch.startAtLogin = draft.startAtLogin
  if (draft.closeToTray !== saved.closeToTray) patch.closeToTray = draft.closeToTray
  if (draft.tickerOnly !== saved.tickerOnly) patch.tickerOnly = draft.tickerOnly
  if (draft.costMethod !== saved.costMethod) patch.costMethod = draft.costMethod
  if (draft.quantitySource !== saved.quantitySource) patch.quantitySource = draft.quantitySource
  // Columns belong to the shown list, and are saved with it (updateList).
  const columns =
    draft.columns.join() !== shownColumnIds(activeList(saved), true).join() ? draft.columns : null
  return { ok: true, patch, columns }
}

/** Where main's refusal of a settings field (its path, as the contract names it) shows in the form. */
const REFUSED_FIELDS: Record<string, keyof DraftErrors> = {
  baseUrl: 'baseUrl',
  streamAddress: 'streamAddress',
  'cadences.pricesMs': 'pricesSeconds',
  'cadences.marketMs': 'marketSeconds',
  'cadences.limitsMs': 'limitsSeconds',
}

/**
 * Main's refusal in the form's words: under the field it names (the argument refused comes apart,
 * `error.field`; a store's own refusal may still be worded "baseUrl: not a URL ..."), or, for
 * anything else, one sentence without the contract's internal names.
 */
export function refusalOf(error: Pick<IpcError, 'message' | 'field'>): {
  errors: DraftErrors
  text: string | null
} {
  const match = /^([\w.]+): (.*)$/s.exec(error.message)
  const path = error.field ?? match?.[1]
  const message = error.field === undefined && match ? (match[2] as string) : error.message
  const field = path === undefined ? undefined : REFUSED_FIELDS[path]
  if (field) return { errors: { [field]: sentence(message) }, text: null }
  return { errors: {}, text: sentence(message) }
}

/**
 * What an empty "Streaming address" means for the base URL typed, for the field's placeholder:
 * the derived address, or that none is known (then prices are polled).
 */
export function streamAddressPlaceholder(baseUrl: string): string {
  const derived = derivedStreamAddress(baseUrl.trim())
  return derived
    ? `${derived.host}:${derived.port} (from the base URL)`
    : 'none known for this base URL: prices polled'
}

export const STREAM_ADDRESS_HINT =
  `Empty: from the base URL (in demo, the simulator's). host:port ` +
  `for another; ${STREAMING_OFF}: poll only`

/** What each section of the preferences form gets from the form, which alone holds the draft. */
export interface SectionProps {
  draft: SettingsDraft
  errors: DraftErrors
  change: <K extends keyof SettingsDraft>(field: K, value: SettingsDraft[K]) => void
  /** The form's own id for one of its fields or titles. */
  id: (name: string) => string
}
