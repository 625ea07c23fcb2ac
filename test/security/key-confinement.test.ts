import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as grpc from '@grpc/grpc-js'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppCore } from '../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../src/main/core/app/poll-on-this-thread'
import { MemorySecretStore } from '../../src/main/core/secrets/secret-store'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { type InvokeName, eventNames } from '../../src/shared/ipc-contract'
import { formatTable } from '../chaos/table'
import { type LoopbackServer, sendJson, startLoopbackServer } from '../core/api/api-client.fixtures'
import { launchBrowser, startHarness } from '../e2e/harness'
import { nextPricesPoll, until } from '../support/polls'
import { KeySearch, captureOutput, filesUnder } from './key-search'
import { simDemoMarket } from '../../src/main/sim/server/demo-market'
import { backendService } from '../../src/main/core/feed/stream/stream-proto'

/**
 * Key confinement: with a known key, AppCore goes through its paces (live polling, prices streamed
 * over gRPC, server errors, rate limits, a service that echoes the key back over REST and in the
 * status of its streams, a redirect to another server, settings and watchlist changes, key
 * status), then the key is searched for everywhere it must not be: files
 * under the user data folder, log lines, IPC answers and events, a second loopback server, crash
 * output (a crashing child process and Node's diagnostic report) and the renderer's DOM and
 * storage in Chromium. Every place must have 0 hits; a table of them is printed.
 */

const KEY = 'tw-confine-7Qx2Lm9Vb4Nc8Zr1-WXYZ'
const search = new KeySearch(KEY)

let userDataDir: string
let service: SimServer
/** Where a redirect points: it must receive nothing at all. */
let elsewhere: LoopbackServer
/** Answers every request with a redirect to `elsewhere`. */
let redirector: LoopbackServer
/** Echoes the key it receives back in its error bodies, as a hostile service might. */
let echo: LoopbackServer
/** A streaming host that fails every stream with the key it received in the status and trailers. */
let grpcEcho: { address: string; keysReceived: string[]; close(): void }
const ipcMessages: Array<[string, string]> = []
let logLines: string[] = []
/**
 * The stages of the scenario the searches below look through, as it reaches them: a search of a
 * scenario that stopped half way would find nothing and pass, so each first checks they all ran.
 */
const SCENARIO = [
  'live',
  'service errors',
  'streaming',
  'a day of commands',
  'echoed errors',
  'echoed stream errors',
  'redirects',
  'stopped',
] as const
const reached: string[] = []
/** Written to the log last, in a form the search looks for: proof the capture covered it all. */
const LOG_CONTROL = `key confinement control: ${Buffer.from(KEY).toString('base64')}`
let core: AppCore | null = null

beforeAll(async () => {
  userDataDir = mkdtempSync(join(tmpdir(), 'tokenwatch-confine-'))
  service = await startSimServer({ apiKey: KEY, port: 0, assets: 40 })
  elsewhere = await startLoopbackServer()
  redirector = await startLoopbackServer((req, res) => {
    res.writeHead(302, { location: `${elsewhere.url}${req.url ?? '/'}`, 'content-length': 0 })
    res.end()
  })
  echo = await startLoopbackServer((req, res) => {
    const sent = String(req.headers['x-api-key'])
    sendJson(res, 500, {
      code: `BAD_${sent}`,
      message: `you sent ${sent}`,
      documentation: `https://x.invalid/${sent}`,
    })
  })
  grpcEcho = await startEchoingStreamHost()
})

/** Every stream of the BackendService fails INTERNAL, its details and trailers carrying the key sent. */
async function startEchoingStreamHost(): Promise<typeof grpcEcho> {
  const server = new grpc.Server()
  const keysReceived: string[] = []
  const echoing = (call: grpc.ServerWritableStream<unknown, unknown>) => {
    const sent = String(call.metadata.get('x-api-key')[0])
    keysReceived.push(sent)
    const trailers = new grpc.Metadata()
    trailers.set('x-echo', sent)
    call.emit('error', { code: grpc.status.INTERNAL, details: `you sent ${sent}`, metadata: trailers })
  }
  server.addService(backendService(), {
    HealthCheck: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
      callback({ code: grpc.status.INTERNAL, details: 'no' }),
    StreamPriceUpdates: echoing,
    StreamOHLC: echoing,
    StreamSoftQuoteDepth: echoing,
  })
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  )
  return { address: `127.0.0.1:${port}`, keysReceived, close: () => server.forceShutdown() }
}

afterAll(async () => {
  await core?.stop()
  await Promise.all([service?.close(), elsewhere?.close(), redirector?.close(), echo?.close()])
  grpcEcho?.close()
  rmSync(userDataDir, { recursive: true, force: true })
  console.log(
    formatTable(
      'Key confinement: places searched for the key',
      ['place', 'texts searched', 'hits'],
      search.places.map((p) => [p.place, p.searched, p.hits]),
    ),
  )
})

describe('the API key stays in main', () => {
  it('AppCore goes through its paces with the key', { timeout: 60_000 }, async () => {
    const output = captureOutput()
    try {
      const app = new AppCore({
        pollFeed: pollOnThisThread,
        userDataDir,
        keychain: new MemorySecretStore(),
        demo: simDemoMarket({ assets: 30 }),
        requestTimeoutMs: 1_000,
      })
      core = app
      for (const event of eventNames)
        app.on(event, (payload) => ipcMessages.push([`event ${event}`, JSON.stringify(payload)]))
      const call = async (name: InvokeName, args?: unknown) => {
        const result = await app.invoke(name, args)
        ipcMessages.push([`invoke ${name}`, JSON.stringify(result)])
        return result
      }
      const statusIs = (probe: (message: string) => boolean) => () =>
        probe(app.status().lastError?.message ?? '') && app.status().lastError

      await app.start()
      await call('updateSettings', { baseUrl: service.url, cadences: { pricesMs: 1_000 } })
      expect(await call('setKey', { key: KEY })).toMatchObject({
        ok: true,
        value: { stored: true, last4: 'WXYZ' },
      })
      await until(
        () => app.status().mode === 'live' && app.status().endpoints.prices.lastSuccessAt,
        'live prices',
      )
      reached.push('live')

      // Errors of every kind from the real service.
      service.setFaults({ prices: { serverError: 0.5, rateLimit: 0.3, invalidJson: 0.2 } })
      await until(() => app.status().lastError, 'a server error')
      service.setFaults({ prices: { plainText403: 1 }, market: { plainText403: 1 } })
      await until(
        statusIs((m) => m.includes('403')),
        'a rejected key',
      )
      service.setFaults({})
      reached.push('service errors')

      // Prices streamed: the key goes in the stream's metadata.
      await call('updateSettings', { streamAddress: service.grpcAddress })
      await until(() => app.status().stream?.state === 'streaming', 'streamed prices')
      reached.push('streaming')

      // What a person does in a day.
      for (const [name, args] of [
        ['getKeyStatus', undefined],
        ['updateSettings', { theme: 'light', pinned: true }],
        ['togglePin', undefined],
        ['addSymbol', { symbol: service.market.symbols()[0] }],
        ['moveSymbol', { symbol: 'AAPLon', toIndex: 2 }],
        ['removeSymbol', { symbol: 'TSLAon' }],
        ['setPaused', { paused: true }],
        ['setPaused', { paused: false }],
        ['refreshNow', undefined],
        ['listAssets', undefined],
        ['exportWatchlist', { format: 'json' }],
        ['importWatchlist', { text: 'NVDAon\nMSFTon' }],
        ['getSettings', undefined],
        ['getSnapshot', undefined],
        ['getStatus', undefined],
      ] as const)
        await call(name, args)
      reached.push('a day of commands')

      // A service that echoes the key back in its errors.
      await call('updateSettings', { baseUrl: echo.url })
      await call('setKey', { key: KEY })
      await until(
        statusIs((m) => m.includes('500')),
        'the echo service answering',
      )
      expect(echo.requests.length).toBeGreaterThan(0)
      reached.push('echoed errors')

      // A streaming host that fails each stream with the key in its status and trailers.
      await call('updateSettings', { baseUrl: service.url, streamAddress: grpcEcho.address })
      await until(
        () => grpcEcho.keysReceived.length > 0 && app.status().stream?.state === 'polling',
        'the streams failed by the echoing host',
      )
      reached.push('echoed stream errors')

      // The configured service answers with a redirect elsewhere: it is not followed.
      await call('updateSettings', { baseUrl: redirector.url })
      await call('setKey', { key: KEY })
      // Per symbol, it is each row's error (the poll itself went through).
      await until(
        () => app.currentSnapshot().errors.some((error) => error.message.includes('redirect')),
        'the redirect refused',
      )
      // More requests meet it (each one a chance to follow the redirect).
      const refused = redirector.requests.length
      await until(() => redirector.requests.length >= refused + 2, 'two more requests redirected')
      await call('clearKey')
      reached.push('redirects')

      // Back to the service, where the key is still stored.
      await call('updateSettings', { baseUrl: service.url })
      await until(() => app.status().mode === 'live', 'live again')
      await call('getKeyStatus')
      await app.stop()
      core = null
      reached.push('stopped')
      // The app itself logs nothing on a good day: this line (the key in a form the search
      // knows) proves the capture was on to the end, and that the search of it would find a leak.
      console.log(LOG_CONTROL)
    } finally {
      output.stop()
      logLines = output.lines
    }
  })

  it('is in no file under the user data folder', () => {
    expect(reached).toEqual(SCENARIO)
    const files = filesUnder(userDataDir)
    expect(files.length).toBeGreaterThanOrEqual(2)
    expect(search.search('files under the user data folder', files).where).toEqual([])
  })

  it('is found where it belongs: the configured service received it (the search works)', () => {
    expect(reached).toEqual(SCENARIO)
    const sent = echo.requests.map((r): [string, string] => [r.url, JSON.stringify(r.headers)])
    expect(search.search('control: requests to the configured service (must hit)', sent).hits).toBe(
      sent.length,
    )
    const streamed = grpcEcho.keysReceived.map((key, i): [string, string] => [`stream ${i}`, key])
    expect(
      search.search('control: streams opened on the configured streaming host (must hit)', streamed).hits,
    ).toBe(streamed.length)
  })

  it('is in no log line (but the control line written last)', () => {
    expect(reached).toEqual(SCENARIO)
    const lines = logLines.map((line, i): [string, string] => [
      line === LOG_CONTROL ? 'control' : `line ${i}`,
      line,
    ])
    expect(search.search('console and stdout/stderr lines', lines).where).toEqual(['control'])
  })

  it('is in no IPC answer or event', () => {
    expect(reached).toEqual(SCENARIO)
    expect(ipcMessages.length).toBeGreaterThan(20)
    expect(search.search('IPC answers and pushed events', ipcMessages).where).toEqual([])
  })

  it('never reaches a server other than the configured one, even through a redirect', () => {
    expect(reached).toEqual(SCENARIO)
    expect(redirector.requests.length).toBeGreaterThan(1)
    const received = elsewhere.requests.map((r): [string, string] => [
      r.url,
      `${r.url} ${JSON.stringify(r.headers)}`,
    ])
    search.search('requests reaching the second loopback server', received)
    expect(elsewhere.requests).toEqual([])
  })

  it('is in no crash output: a crash while live, and its diagnostic report', () => {
    const crashDir = mkdtempSync(join(tmpdir(), 'tokenwatch-crash-'))
    const dataDir = join(crashDir, 'data')
    const reportDir = join(crashDir, 'reports')
    mkdirSync(reportDir)
    try {
      const tsx = join(__dirname, '../../node_modules/tsx/dist/cli.mjs')
      const child = spawnSync(
        process.execPath,
        [tsx, join(__dirname, 'key-crash.child.ts'), dataDir, reportDir],
        {
          input: KEY,
          encoding: 'utf8',
          timeout: 30_000,
        },
      )
      expect(child.stderr).toContain('simulated crash while live')
      expect(child.status).not.toBe(0)
      const reports = filesUnder(reportDir)
      expect(reports.map(([path]) => path)).toEqual([expect.stringMatching(/report\..*\.json$/)])
      const texts: Array<[string, string]> = [
        ['stderr', child.stderr],
        ['stdout', child.stdout],
        ...reports,
        ...filesUnder(dataDir),
      ]
      expect(search.search('crash output (stderr, diagnostic report, files)', texts).where).toEqual([])
    } finally {
      rmSync(crashDir, { recursive: true, force: true })
    }
  })
})

describe('the renderer never holds the key', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => browser?.close())

  it(
    'after the key is typed into Settings and saved: not in the DOM, storage or console',
    { timeout: 60_000 },
    async () => {
      const harness = await startHarness({
        browser,
        beforeStart: async (app) => {
          await app.settings.load()
          await app.settings.patch({ baseUrl: service.url })
        },
      })
      const consoleLines: Array<[string, string]> = []
      harness.page.on('console', (message) => consoleLines.push(['console', message.text()]))
      try {
        const { page } = harness
        await page.getByRole('button', { name: 'Settings' }).first().click()
        await page.locator('#api-key-input').fill(KEY)
        await page.getByRole('button', { name: 'Save key' }).click()
        await page.getByText(/ending in WXYZ/).waitFor()
        await until(() => harness.core.status().mode === 'live', 'live mode')
        await page.getByRole('dialog').press('Escape')
        // A poll with the key lands on the page before it is searched.
        const polled = nextPricesPoll(harness.core)
        await harness.core.invoke('refreshNow', undefined)
        await polled
        await harness.settled()

        const stored = await page.evaluate(async () => {
          const storage = (s: Storage) =>
            Object.keys(s)
              .map((k) => `${k}=${s.getItem(k)}`)
              .join('\n')
          return {
            inputs: [...document.querySelectorAll('input, textarea')]
              .map((el) => (el as HTMLInputElement).value)
              .join('\n'),
            localStorage: storage(localStorage),
            sessionStorage: storage(sessionStorage),
            indexedDb: (await indexedDB.databases()).map((db) => db.name).join('\n'),
            caches: (await caches.keys()).join('\n'),
            cookies: document.cookie,
            title: document.title,
          }
        })
        const texts: Array<[string, string]> = [
          ['page.content()', await page.content()],
          ...Object.entries(stored),
          ...consoleLines,
        ]
        expect(
          search.search('renderer DOM, input values, storage, IndexedDB, caches, cookies, console', texts)
            .where,
        ).toEqual([])
      } finally {
        await harness.close()
      }
    },
  )
})
