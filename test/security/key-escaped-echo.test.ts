import type { IncomingMessage, ServerResponse } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCapacityCommand } from '../../src/main/cli/capacity-command'
import { runDividendsCommand } from '../../src/main/cli/dividends-command'
import { runHistoryCommand } from '../../src/main/cli/history-command'
import type { CliIo } from '../../src/main/cli/io'
import { runSnapshotCommand } from '../../src/main/cli/snapshot-command'
import { runStatusCommand } from '../../src/main/cli/status-command'
import { AppCore } from '../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../src/main/core/app/poll-on-this-thread'
import { MemorySecretStore } from '../../src/main/core/secrets/secret-store'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { type InvokeName, eventNames } from '../../src/shared/ipc-contract'
import { formatTable } from '../chaos/table'
import { memoryIo } from '../cli/memory-io'
import { type LoopbackServer, startLoopbackServer } from '../core/api/api-client.fixtures'
import { until } from '../support/polls'
import { KeySearch, captureOutput, filesUnder } from './key-search'

/**
 * A service (or a proxy before it) that echoes the key back with each of its characters written
 * as a JSON `\u` escape: the raw text never holds the key, the parsed strings do. Such a proxy sits
 * in front of the simulator and writes the key into every word of every answer (the spec's five
 * endpoints and those beyond it), into the symbols too, or into every field of an error body.
 * The command line and AppCore are driven through all of it; the key must then be nowhere: the
 * commands' stdout and stderr, the core's log and console, IPC answers and events, files.
 */

const KEY = 'tw-escape-9Hq4Rt7Kd2Wm5Yp8-LMNO'
const ESCAPED_KEY = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
/** Tuesday 18 November 2025, 10:00 ET: the market is open, every endpoint has something to say. */
const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)

type Echo = 'words' | 'symbols' | 'errors'
const ECHOES: Echo[] = ['words', 'symbols', 'errors']
/** An error status per request, in turn: the capacity endpoint's market refusal among them. */
const ERROR_STATUSES = [500, 403, 400, 429, 404] as const

const search = new KeySearch(KEY)
let sim: SimServer
const proxies = new Map<Echo, LoopbackServer>()
let userDataDir: string

/** Every string that is not a number or a time gets the key; symbols too when `withSymbols`. */
function withKey(value: unknown, withSymbols: boolean, name = ''): unknown {
  if (typeof value === 'string')
    return /^-?\d/.test(value) || (name === 'symbol' && !withSymbols) ? value : `${value} ${KEY}`
  if (Array.isArray(value)) return value.map((item) => withKey(item, withSymbols))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withKey(item, withSymbols, key)]),
  )
}

function sendEscaped(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body).split(KEY).join(ESCAPED_KEY)
  expect(text).not.toContain(KEY)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

function echoing(echo: Echo): (req: IncomingMessage, res: ServerResponse) => void {
  let errors = 0
  return (req, res) => {
    if (echo === 'errors') {
      const status = ERROR_STATUSES[errors++ % ERROR_STATUSES.length] ?? 500
      const code = status === 403 && req.url?.startsWith('/v1/limits/trading') ? 'MARKET_CLOSED' : `E_${KEY}`
      sendEscaped(res, status, {
        code,
        message: `you sent ${KEY}`,
        documentation: `https://x.invalid/${KEY}`,
      })
      return
    }
    fetch(`${sim.url}${req.url ?? '/'}`, { headers: { 'x-api-key': KEY } })
      .then(async (answer) =>
        sendEscaped(res, answer.status, withKey(await answer.json(), echo === 'symbols')),
      )
      .catch(() => res.destroy())
  }
}

beforeAll(async () => {
  userDataDir = mkdtempSync(join(tmpdir(), 'tokenwatch-escaped-echo-'))
  sim = await startSimServer({ apiKey: KEY, assets: 12, clock: () => TUESDAY_10_00_ET })
  for (const echo of ECHOES) proxies.set(echo, await startLoopbackServer(echoing(echo)))
})

afterAll(async () => {
  await Promise.all([sim?.close(), ...[...proxies.values()].map((proxy) => proxy.close())])
  rmSync(userDataDir, { recursive: true, force: true })
  console.log(
    formatTable(
      'The key echoed as JSON escapes: places searched',
      ['place', 'texts searched', 'hits'],
      search.places.map((p) => [p.place, p.searched, p.hits]),
    ),
  )
})

function proxy(echo: Echo): LoopbackServer {
  const found = proxies.get(echo)
  if (!found) throw new Error(`no ${echo} proxy`)
  return found
}

/**
 * Every endpoint the app asks with a short watchlist; the multiplier's history only after a good
 * answer of candles, so where the symbols carry the key (or all is errors) it is never asked.
 */
const ASKED_BY_THE_APP = [
  '/v1/assets/AAPLon/market',
  '/v1/assets/AAPLon/prices/latest',
  '/v1/limits/session',
  '/v1/status/market',
  '/v1/status/assets',
  '/v1/limits/trading',
  '/v1/assets/AAPLon/dividends',
  '/v1/assets/AAPLon/prices/ohlc',
]

type Command = (argv: string[], io: CliIo, deps?: object) => Promise<number>
const COMMANDS: Array<[string, Command, string[]]> = [
  ['status', runStatusCommand, []],
  ['status --json', runStatusCommand, ['--json']],
  ['capacity', runCapacityCommand, ['--symbol', 'AAPLon']],
  ['capacity --json', runCapacityCommand, ['--symbol', 'AAPLon', '--json']],
  ['dividends', runDividendsCommand, ['--symbol', 'AAPLon']],
  ['dividends --json', runDividendsCommand, ['--symbol', 'AAPLon', '--json']],
  ['snapshot', runSnapshotCommand, ['--symbols', 'AAPLon,TSLAon']],
  ['history', runHistoryCommand, ['--symbol', 'AAPLon', '--range', '1m']],
]

describe('a key echoed back as JSON escapes', () => {
  it.each(ECHOES)('is printed by no command (the key in %s)', { timeout: 30_000 }, async (echo) => {
    const texts: Array<[string, string]> = []
    const codes: number[] = []
    for (const [name, command, argv] of COMMANDS) {
      const { io, stdout, stderr } = memoryIo({
        TOKENWATCH_API_KEY: KEY,
        TOKENWATCH_USER_DATA: join(userDataDir, 'cli'),
      })
      codes.push(
        await command(['--base-url', proxy(echo).url, ...argv], io, {
          now: () => TUESDAY_10_00_ET,
          timeoutMs: 5_000,
          readStoredKey: async () => null,
        }),
      )
      texts.push([`${name}: stdout`, stdout()], [`${name}: stderr`, stderr()])
    }
    // The proxy was asked and answered: every command printed something.
    expect(proxy(echo).requests.length).toBeGreaterThan(COMMANDS.length)
    expect(texts.filter(([, text]) => text.length > 0).length).toBeGreaterThanOrEqual(COMMANDS.length)
    expect(search.search(`command line, key in ${echo}`, texts).where).toEqual([])
  })

  it('reaches no log line, IPC answer or event, or file of the app', { timeout: 60_000 }, async () => {
    const logged: Array<[string, string]> = []
    const ipc: Array<[string, string]> = []
    const output = captureOutput()
    const app = new AppCore({
      pollFeed: pollOnThisThread,
      userDataDir,
      keychain: new MemorySecretStore(),
      requestTimeoutMs: 2_000,
      log: (text) => logged.push(['core log', text]),
    })
    try {
      for (const event of eventNames)
        app.on(event, (payload) => ipc.push([`event ${event}`, JSON.stringify(payload)]))
      const call = async (name: InvokeName, args?: unknown) => {
        const result = await app.invoke(name, args)
        ipc.push([`invoke ${name}`, JSON.stringify(result)])
        return result
      }
      await app.start()
      for (const echo of ECHOES) {
        const server = proxy(echo)
        expect(await call('updateSettings', { baseUrl: server.url })).toMatchObject({ ok: true })
        expect(await call('setKey', { key: KEY })).toMatchObject({ ok: true })
        await call('setDetailOpen', { symbol: 'AAPLon' })
        await call('getDividends', { symbol: 'AAPLon', purpose: 'detail' })
        await call('getHistory', { symbol: 'AAPLon', range: '1m' })
        await call('listAssets')
        const asked = (path: string) => server.requests.some((request) => request.url.startsWith(path))
        await until(
          () =>
            [...ASKED_BY_THE_APP, ...(echo === 'words' ? ['/v1/assets/AAPLon/shares-multiplier'] : [])].every(
              asked,
            ),
          `the ${echo} proxy asked for prices, status and capacity (asked: ` +
            `${server.requests.map((r) => r.url).join(' ')})`,
        )
        await call('refreshNow')
        await call('getSnapshot')
        await call('getStatus')
        await call('setDetailOpen', { symbol: null })
      }
      await app.stop()
    } finally {
      output.stop()
      await app.stop()
    }
    const files = filesUnder(userDataDir)
    expect(files.map(([path]) => path)).toContainEqual(expect.stringMatching(/last-snapshot\.json$/))
    expect(ipc.length).toBeGreaterThan(20)
    const console: Array<[string, string]> = output.lines.map((line, i) => [`console ${i}`, line])
    expect.soft(search.search('core log and console', [...logged, ...console]).where).toEqual([])
    expect.soft(search.search('IPC answers and events', ipc).where).toEqual([])
    expect.soft(search.search('files under the user data folder', files).where).toEqual([])
  })
})
