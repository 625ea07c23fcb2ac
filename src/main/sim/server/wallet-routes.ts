import { SIM_CHAINS, SIM_CHAIN_ID, type SimChain, type SimWalletHoldings } from '../market/wallet-holdings'

/**
 * The simulator's wallet endpoints (issue 48; real-service-notes.md, "Contract addresses" and
 * "Wallet balances"), beyond the spec: `GET /v1/assets/all/addresses`,
 * `GET /v1/assets/{symbol}/addresses` and `GET /v1/chains/{chainId}/balances?userAddress=`.
 * routes.ts hands the path here; server.ts answers with `answerWalletRoute`.
 */

export type WalletEndpoint = 'tokenAddresses' | 'walletBalances'
/**
 * Beyond the spec as well: a spec-only simulator answers them 404 (kept apart from routes.ts's set, which the
 * chaos side desk asks in full).
 */
export const WALLET_ENDPOINTS: ReadonlySet<string> = new Set<WalletEndpoint>([
  'tokenAddresses',
  'walletBalances',
])

export type WalletRouteMatch =
  | { endpoint: 'tokenAddresses'; symbol: string | null }
  | { endpoint: 'walletBalances'; chainId: string; userAddress: string | null }

/** The wallet route a path names, or null when it names none of them. */
export function matchWalletRoute(
  resource: string | undefined,
  name: string | undefined,
  rest: readonly string[],
  query: URLSearchParams,
): WalletRouteMatch | null {
  if (
    resource === 'assets' &&
    name !== undefined &&
    name !== '' &&
    rest.length === 1 &&
    rest[0] === 'addresses'
  )
    return { endpoint: 'tokenAddresses', symbol: name === 'all' ? null : name }
  if (resource === 'chains' && name !== undefined && rest.length === 1 && rest[0] === 'balances')
    return { endpoint: 'walletBalances', chainId: name, userAddress: query.get('userAddress') }
  return null
}

export type WalletAnswer =
  { ok: true; body: unknown } | { ok: false; status: 400 | 404; code: string; message: string }

function chainOf(chainId: string): SimChain | undefined {
  return SIM_CHAINS.find((chain) => SIM_CHAIN_ID[chain] === chainId)
}

export function answerWalletRoute(
  holdings: SimWalletHoldings,
  route: WalletRouteMatch,
  listed: (symbol: string) => boolean,
): WalletAnswer {
  if (route.endpoint === 'tokenAddresses') {
    const all = holdings.addressesBody()
    if (route.symbol === null) return { ok: true, body: all }
    const one = listed(route.symbol) ? all.find((entry) => entry.symbol === route.symbol) : undefined
    return one
      ? { ok: true, body: one }
      : { ok: false, status: 404, code: 'ASSET_NOT_FOUND', message: 'No such asset' }
  }
  const chain = chainOf(route.chainId)
  if (!chain) return { ok: false, status: 400, code: 'INVALID_CHAIN_ID', message: 'Unknown chain id' }
  // The real service lists every holder of every token without a filter; the simulator refuses
  // rather than invent that, which also keeps a client that forgot the filter from passing tests.
  if (!route.userAddress)
    return { ok: false, status: 400, code: 'MISSING_USER_ADDRESS', message: 'userAddress is required' }
  return { ok: true, body: holdings.balancesBody(chain, route.userAddress) }
}

/**
 * The badRecords fault: the first balance given 19 fractional digits, or the first address's decimals made
 * negative.
 */
export function withBadWalletRecords(endpoint: WalletEndpoint, body: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>
  if (endpoint === 'walletBalances') {
    const tokens = copy.tokens as { balances: { balance: string }[] }[]
    const first = tokens[0]?.balances[0]
    if (first) first.balance = '1.0000000000000000001'
    return copy
  }
  const entries = (Array.isArray(copy) ? copy : [copy]) as { addresses: { decimals: number }[] }[]
  const first = entries[0]?.addresses[0]
  if (first) first.decimals = -1
  return copy
}
