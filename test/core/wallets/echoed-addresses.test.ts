import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { TokenListingCache } from '../../../src/main/core/wallets/service-balances'
import { readWalletBalances } from '../../../src/main/core/wallets/wallet-balances'
import type { WalletsFileContent } from '../../../src/main/core/wallets/wallets-file'
import { DEMO_WALLETS } from '../../../src/main/sim/market/wallet-holdings'

/**
 * Issue 48, item 8: an address shows no more than its last 4 characters in what is said (and so
 * logged), even where a service or a node writes the whole address into its error message. At a
 * fixed market time: Tuesday 2026-11-17, 10:30 ET.
 */

const NOW = Date.parse('2026-11-17T10:30:00-05:00')
const KEY = 'echo-test-key-3307'
const TOKEN = '0x1111111111111111111111111111111111111111'
const servers: Server[] = []

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** Answers `handle(path, body)` as JSON with the status it gives, on 127.0.0.1. */
async function serve(handle: (path: string, body: string) => [number, unknown]): Promise<string> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const [status, body] = handle(req.url ?? '', Buffer.concat(chunks).toString('utf8'))
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function content(address: string, label: string, nodes: WalletsFileContent['nodes'] = {}) {
  return { version: 1 as const, wallets: [{ address, label, addedAt: '2026-11-16T15:00:00.000Z' }], nodes }
}

/** Every way the address could be written: as stored, lower case, and its hex digits alone. */
function expectNoAddress(text: string, address: string): void {
  expect(text).not.toContain(address)
  expect(text.toLowerCase()).not.toContain(address.toLowerCase().replace(/^0x/, ''))
}

describe('addresses echoed in error messages', () => {
  it("shows only the last 4 characters where the service's error names the wallet", async () => {
    const service = await serve((path) => {
      if (path.startsWith('/v1/assets/all/addresses'))
        return [
          200,
          [{ symbol: 'AAPLon', addresses: [{ networkChainId: 'ethereum-1', address: TOKEN, decimals: 18 }] }],
        ]
      const asked = new URL(path, 'http://x').searchParams.get('userAddress') ?? ''
      return [
        400,
        { code: 'INVALID_ADDRESS', message: `userAddress ${asked.toLowerCase()} is not a known holder` },
      ]
    })
    const client = new ApiClient({ baseUrl: service, apiKey: KEY, now: () => NOW })
    try {
      const report = await readWalletBalances({
        client,
        content: content(DEMO_WALLETS.cold, 'Cold'),
        listingCache: new TokenListingCache(() => NOW),
        now: () => NOW,
      })
      const said = report.notes.join('\n')
      // The service's words are kept, with the address as every log shows it.
      expect(said).toContain(`userAddress …${DEMO_WALLETS.cold.slice(-4)} is not a known holder`)
      expectNoAddress(said, DEMO_WALLETS.cold)
    } finally {
      await client.close()
    }
  })

  it("shows only the last 4 characters where a node's RPC error names the wallet", async () => {
    const node = await serve((_path, body) => {
      const request = JSON.parse(body) as { id: number; method: string; params?: unknown[] }
      // Mainnet's genesis hash, so that the node is used and its next answer read.
      if (request.method === 'getGenesisHash')
        return [
          200,
          { jsonrpc: '2.0', id: request.id, result: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d' },
        ]
      const owner = String(request.params?.[0])
      return [
        200,
        { jsonrpc: '2.0', id: request.id, error: { code: -32602, message: `Invalid param: ${owner}` } },
      ]
    })
    const report = await readWalletBalances({
      client: null,
      content: content(DEMO_WALLETS.phantom, 'Phantom', { solana: node }),
      listingCache: new TokenListingCache(() => NOW),
      now: () => NOW,
    })
    expect(report.notes).toHaveLength(1)
    expect(report.notes[0]).toMatch(/^Your Solana node could not be used for wallet "Phantom" on Solana: /)
    expectNoAddress(report.notes.join('\n'), DEMO_WALLETS.phantom)
  })
})
