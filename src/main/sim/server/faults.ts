import { type RandomSequence, STREAMS, sequence, streamSeed } from '../market/random'

/**
 * Fault injection: what can go wrong with an answer, per endpoint group, and the seeded choice of
 * what does go wrong for each request. A plan gives probabilities (0..1); each request draws from
 * the simulator's seeded stream, so a chaos run with the same seed and the same requests sees the
 * same faults. Plans can be swapped at any time (SimServer.setFaults), which is how tests and
 * chaos runs script "fail now, recover later".
 */

/**
 * Endpoint groups: `prices` is endpoints 3 and 4, `market` 1 and 2, `limits` 5, `status` four
 * beyond the spec (market status, asset pauses, trading capacity, dividends), `history` the
 * candles and the multiplier history.
 */
export type FaultEndpoint = 'prices' | 'market' | 'limits' | 'status' | 'history'
export const FAULT_ENDPOINTS: readonly FaultEndpoint[] = ['prices', 'market', 'limits', 'status', 'history']

export interface EndpointFaults {
  /** 500 with an INTERNAL_ERROR JSON body. */
  serverError?: number
  /** 429 with a RATE_LIMITED JSON body and a Retry-After header. */
  rateLimit?: number
  /** The Retry-After of a 429, whole seconds; default 1. */
  retryAfterSeconds?: number
  /** Added to every answer of the group (not a probability). */
  latencyMs?: number
  /** The request is accepted and never answered (until hangMs passes or the server closes). */
  hang?: number
  /** How long a hung request is held before its connection is dropped; default: until close(). */
  hangMs?: number
  /** 200 with the JSON body cut in half. */
  truncatedJson?: number
  /** 200 with an HTML error page instead of JSON. */
  invalidJson?: number
  /** 200 with some records breaking the schema (a price 'abc', a missing symbol). */
  badRecords?: number
  /** 200 with every timestamp in seconds instead of milliseconds. */
  secondsTimestamps?: number
  /** A plain-text `403 Forbidden`, as seen in practice from the real service's front end. */
  plainText403?: number
  /** The connection is destroyed without an answer. */
  reset?: number
}

export type FaultPlan = Partial<Record<FaultEndpoint, EndpointFaults>>

/** The faults that decide a whole answer. One at most per request. */
export type FaultKind =
  | 'reset'
  | 'hang'
  | 'plainText403'
  | 'rateLimit'
  | 'serverError'
  | 'truncatedJson'
  | 'invalidJson'
  | 'badRecords'
  | 'secondsTimestamps'

/** The order they are tried in: with several set to 1, the first of them wins. */
export const FAULT_KINDS: readonly FaultKind[] = [
  'reset',
  'hang',
  'plainText403',
  'rateLimit',
  'serverError',
  'truncatedJson',
  'invalidJson',
  'badRecords',
  'secondsTimestamps',
]

type SettingField = 'retryAfterSeconds' | 'latencyMs' | 'hangMs'
const SETTING_FIELDS: readonly SettingField[] = ['retryAfterSeconds', 'latencyMs', 'hangMs']

export class FaultSpecError extends Error {
  override readonly name = 'FaultSpecError'
}

/** Checks every value of a plan; returns a copy that later changes to the argument cannot touch. */
export function checkFaultPlan(plan: FaultPlan): FaultPlan {
  const checked: FaultPlan = {}
  for (const [endpoint, faults] of Object.entries(plan)) {
    if (!(FAULT_ENDPOINTS as readonly string[]).includes(endpoint)) {
      throw new FaultSpecError(`unknown endpoint group "${endpoint}" (use ${FAULT_ENDPOINTS.join(', ')})`)
    }
    if (faults === undefined) continue
    for (const [field, value] of Object.entries(faults)) {
      if (value === undefined) continue
      if ((FAULT_KINDS as readonly string[]).includes(field)) {
        if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
          throw new FaultSpecError(`${endpoint}.${field} must be a probability from 0 to 1, got ${value}`)
        }
      } else if ((SETTING_FIELDS as readonly string[]).includes(field)) {
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
          throw new FaultSpecError(`${endpoint}.${field} must be a whole number >= 0, got ${value}`)
        }
      } else {
        throw new FaultSpecError(`unknown fault "${field}" for ${endpoint}`)
      }
    }
    checked[endpoint as FaultEndpoint] = { ...faults }
  }
  return checked
}

/** The names the --faults flag understands, each for one EndpointFaults field. */
const SPEC_NAMES: Readonly<Record<string, keyof EndpointFaults>> = {
  '5xx': 'serverError',
  '429': 'rateLimit',
  'retry-after': 'retryAfterSeconds',
  latency: 'latencyMs',
  hang: 'hang',
  'hang-ms': 'hangMs',
  truncated: 'truncatedJson',
  'invalid-json': 'invalidJson',
  'bad-records': 'badRecords',
  seconds: 'secondsTimestamps',
  '403': 'plainText403',
  reset: 'reset',
}

export const FAULT_SPEC_HELP = `--faults <spec>: groups separated by ";", each "<endpoint>:<name>=<value>,..."
  endpoint: prices | market | limits | status | history | all
  probabilities (0..1): 5xx, 429, hang, truncated, invalid-json, bad-records, seconds, 403, reset
  settings: latency=<ms> (added to every answer), retry-after=<s> (of a 429, default 1),
            hang-ms=<ms> (how long a hang lasts; default until the server stops)
  example: --faults 'prices:5xx=0.2,429=0.05,retry-after=2;market:latency=200;all:reset=0.01'`

/** Reads the --faults flag (syntax in FAULT_SPEC_HELP). Throws FaultSpecError with a one-line reason. */
export function parseFaultSpec(text: string): FaultPlan {
  const plan: FaultPlan = {}
  for (const group of text.split(';')) {
    if (group.trim() === '') continue
    const colon = group.indexOf(':')
    if (colon < 0) throw new FaultSpecError(`"${group.trim()}" needs "<endpoint>:" before its faults`)
    const target = group.slice(0, colon).trim()
    // Checked here, not only by checkFaultPlan: a spec also takes "all", which a plan has no key for.
    if (target !== 'all' && !(FAULT_ENDPOINTS as readonly string[]).includes(target))
      throw new FaultSpecError(
        `unknown endpoint group "${target}" (use ${FAULT_ENDPOINTS.join(', ')} or all)`,
      )
    const endpoints = target === 'all' ? FAULT_ENDPOINTS : [target as FaultEndpoint]
    const faults: EndpointFaults = {}
    for (const setting of group.slice(colon + 1).split(',')) {
      if (setting.trim() === '') continue
      const [name = '', value = '', ...rest] = setting.split('=').map((part) => part.trim())
      const field = SPEC_NAMES[name]
      if (!field)
        throw new FaultSpecError(`unknown fault "${name}" (known: ${Object.keys(SPEC_NAMES).join(', ')})`)
      const number = value === '' || rest.length > 0 ? Number.NaN : Number(value)
      if (!Number.isFinite(number)) throw new FaultSpecError(`"${setting.trim()}" needs a number after "="`)
      faults[field] = number
    }
    for (const endpoint of endpoints) plan[endpoint] = { ...plan[endpoint], ...faults }
  }
  return checkFaultPlan(plan)
}

export interface FaultDecision {
  fault: FaultKind | null
  latencyMs: number
  retryAfterSeconds: number
  hangMs: number | null
}

/** Draws, per request, which fault (if any) its answer gets. */
export class FaultPicker {
  private plan: FaultPlan = {}
  /** Also used for the details of a fault (which records to break), so all of it follows the seed. */
  readonly random: RandomSequence

  constructor(seed: number, plan: FaultPlan = {}) {
    this.random = sequence(streamSeed(seed, STREAMS.faults))
    this.setPlan(plan)
  }

  setPlan(plan: FaultPlan): void {
    this.plan = checkFaultPlan(plan)
  }

  decide(endpoint: FaultEndpoint): FaultDecision {
    const faults = this.plan[endpoint] ?? {}
    let fault: FaultKind | null = null
    for (const kind of FAULT_KINDS) {
      const probability = faults[kind] ?? 0
      // No draw for a fault that cannot happen, so an empty plan leaves the stream untouched.
      if (probability > 0 && this.random.next() < probability) {
        fault = kind
        break
      }
    }
    return {
      fault,
      latencyMs: faults.latencyMs ?? 0,
      retryAfterSeconds: faults.retryAfterSeconds ?? 1,
      hangMs: faults.hangMs ?? null,
    }
  }
}
