import { type WalletEndpoint, type WalletRouteMatch, matchWalletRoute } from './wallet-routes'

/**
 * Request targets to endpoints (spec part 4). Only the path's shape is read here; whether a
 * symbol is valid, listed, and the key right is the server's business.
 *
 * Parsing is by hand, not `new URL()`: URL resolution would quietly turn `/v1/x/../assets/all/market`
 * into a valid path, and a server should answer what was asked. Dot segments, bad
 * percent-encoding and odd targets each get a plain 400 or 404.
 */

export type SimEndpoint =
  | 'market'
  | 'allMarket'
  | 'price'
  | 'allPrices'
  | 'limits'
  | 'marketStatus'
  | 'assetPauses'
  | 'tradingCapacity'
  | 'dividends'
  | 'candles'
  | 'multiplierHistory'
  | WalletEndpoint

/** The endpoints beyond the spec's five (real-service-notes.md, "Beyond the spec"). */
export const BEYOND_SPEC_ENDPOINTS: ReadonlySet<SimEndpoint> = new Set([
  'marketStatus',
  'assetPauses',
  'tradingCapacity',
  'dividends',
  'candles',
  'multiplierHistory',
])

export type RouteMatch =
  | { endpoint: 'market' | 'price'; symbol: string }
  | { endpoint: 'allMarket' }
  | { endpoint: 'allPrices'; sort: string | null }
  | { endpoint: 'limits'; symbol: string | null }
  | { endpoint: 'marketStatus' }
  | { endpoint: 'assetPauses' }
  | { endpoint: 'tradingCapacity'; symbol: string | null; side: string | null }
  | { endpoint: 'dividends'; symbol: string }
  | { endpoint: 'candles'; symbol: string; interval: string | null; range: string | null }
  | { endpoint: 'multiplierHistory'; symbol: string; range: string | null }
  | WalletRouteMatch

export interface RouteError {
  status: 400 | 404
  code: 'BAD_REQUEST' | 'NOT_FOUND'
  message: string
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

const notFound = (path: string): RouteError => ({
  status: 404,
  code: 'NOT_FOUND',
  message: `No endpoint at ${path.length > 100 ? `${path.slice(0, 100)}...` : path}`,
})

export function matchRoute(target: string): RouteMatch | RouteError {
  if (!target.startsWith('/'))
    return { status: 400, code: 'BAD_REQUEST', message: 'The request target must be a path' }
  const queryAt = target.indexOf('?')
  const path = queryAt < 0 ? target : target.slice(0, queryAt)
  const query = new URLSearchParams(queryAt < 0 ? '' : target.slice(queryAt + 1))
  const segments: string[] = []
  for (const raw of path.slice(1).split('/')) {
    const segment = decodeSegment(raw)
    if (segment === null)
      return { status: 400, code: 'BAD_REQUEST', message: 'Malformed percent-encoding in the path' }
    segments.push(segment)
  }
  const [version, resource, name, ...rest] = segments
  if (version !== 'v1') return notFound(path)
  if (resource === 'limits' && name === 'session' && rest.length === 0) {
    return { endpoint: 'limits', symbol: query.get('symbol') }
  }
  if (resource === 'limits' && name === 'trading' && rest.length === 0) {
    return { endpoint: 'tradingCapacity', symbol: query.get('symbol'), side: query.get('side') }
  }
  if (resource === 'status' && rest.length === 0) {
    if (name === 'market') return { endpoint: 'marketStatus' }
    if (name === 'assets') return { endpoint: 'assetPauses' }
  }
  const wallet = matchWalletRoute(resource, name, rest, query)
  if (wallet) return wallet
  // An empty symbol segment (`/v1/assets//market`) is a missing symbol, for the server to refuse.
  if (resource !== 'assets' || name === undefined) return notFound(path)
  const all = name === 'all'
  if (name === '' && rest.length === 0) return notFound(path)
  if (rest.length === 1 && rest[0] === 'market') {
    return all ? { endpoint: 'allMarket' } : { endpoint: 'market', symbol: name }
  }
  if (rest.length === 1 && rest[0] === 'dividends' && !all) return { endpoint: 'dividends', symbol: name }
  if (rest.length === 1 && rest[0] === 'shares-multiplier' && !all)
    return { endpoint: 'multiplierHistory', symbol: name, range: query.get('range') }
  if (rest.length === 2 && rest[0] === 'prices' && rest[1] === 'ohlc' && !all)
    return { endpoint: 'candles', symbol: name, interval: query.get('interval'), range: query.get('range') }
  if (rest.length === 2 && rest[0] === 'prices' && rest[1] === 'latest') {
    return all ? { endpoint: 'allPrices', sort: query.get('sort') } : { endpoint: 'price', symbol: name }
  }
  return notFound(path)
}

export function isRouteError(value: RouteMatch | RouteError): value is RouteError {
  return 'status' in value
}
