import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runSnapshotCommand } from '../../src/main/cli/snapshot-command'
import { screenTimeText } from '../../src/main/core/screen-time'
import type { Snapshot } from '../../src/shared/domain'
import { DEFAULT_BASE_URL } from '../../src/shared/settings'
import {
  type FakeService,
  STAMP_MS,
  TEST_KEY,
  sendJson,
  sendText,
  startFakeService,
} from '../core/api/api-client.fixtures'
import { memoryIo } from './memory-io'

/** `tokenwatch snapshot` in-process: arguments, where the key comes from, output and exit codes. */

let service: FakeService
const NOW = STAMP_MS + 60_000

beforeAll(async () => {
  service = await startFakeService()
})
afterAll(async () => {
  await service.close()
})
beforeEach(() => service.reset())

interface Run {
  code: number
  stdout: string
  stderr: string
  storedKeyAskedFor: string[]
}

async function snapshot(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; storedKey?: string | null; baseUrl?: string | null } = {},
): Promise<Run> {
  const { io, stdout, stderr } = memoryIo(options.env ?? { TOKENWATCH_API_KEY: TEST_KEY })
  const storedKeyAskedFor: string[] = []
  const baseUrl = options.baseUrl === undefined ? ['--base-url', service.url] : []
  const code = await runSnapshotCommand([...baseUrl, ...argv], io, {
    now: () => NOW,
    timeoutMs: 2_000,
    readStoredKey: async (url) => {
      storedKeyAskedFor.push(url)
      return options.storedKey ?? null
    },
  })
  const run = { code, stdout: stdout(), stderr: stderr(), storedKeyAskedFor }
  // Whatever happens, the key is never printed.
  expect(run.stdout + run.stderr).not.toContain(TEST_KEY)
  return run
}

const oneLine = (text: string) => {
  expect(text.trimEnd().split('\n')).toHaveLength(1)
  return text.trimEnd()
}

describe('success (exit 0)', () => {
  it('prints an aligned table of symbol, price, change, fair value, premium and sessions', async () => {
    const run = await snapshot(['--symbols', 'AAPLon,TSLAon'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    const lines = run.stdout.split('\n')
    expect(lines.slice(0, 3)).toEqual([
      'SYMBOL   PRICE  CHANGE 24H  FAIR VALUE  PREMIUM  SESSIONS',
      'AAPLon  231.45      +0.93%    231.4607   +0.00%  PRE REG POST',
      'TSLAon  231.45      +0.93%    231.4607   +0.00%  PRE REG POST',
    ])
    expect(run.stdout).toContain(`As of ${screenTimeText(NOW)} from ${service.url}.`)
  })

  it('prints the normalised Snapshot as JSON with --json', async () => {
    const run = await snapshot(['--symbols', 'AAPLon', '--json'])
    expect(run.code).toBe(0)
    const parsed = JSON.parse(run.stdout) as Snapshot
    expect(parsed).toMatchObject({ asOf: NOW, source: { baseUrl: service.url, demo: false }, errors: [] })
    expect(parsed.assets).toHaveLength(1)
    expect(parsed.assets[0]).toMatchObject({
      symbol: 'AAPLon',
      price: '231.4500',
      changePct24h: '0.928834610202337391',
      sharesMultiplier: '1.001084338309087472',
      fairValue: '231.4607',
      limits: { regular: { tradable: true, maxAttestationCount: '500', maxActiveNotionalValue: '200000' } },
    })
  })

  it('reads symbols as people type them', async () => {
    const run = await snapshot(['--symbols', ' aapl, TSLAON ,,aaplon', '--json'])
    expect((JSON.parse(run.stdout) as Snapshot).assets.map((asset) => asset.symbol)).toEqual([
      'AAPLon',
      'TSLAon',
    ])
  })

  it('exits 0 with a partial snapshot when only some symbols failed, listing the failures', async () => {
    const json = await snapshot(['--symbols', 'AAPLon,ZZZZon', '--json'])
    expect(json.code).toBe(0)
    expect((JSON.parse(json.stdout) as Snapshot).errors).toEqual([
      { scope: 'ZZZZon', code: 'ASSET_NOT_FOUND', message: expect.any(String) },
    ])
    const table = await snapshot(['--symbols', 'AAPLon,ZZZZon'])
    expect(table.code).toBe(0)
    expect(table.stdout).toContain('AAPLon')
    expect(table.stderr).toMatch(/^warning: ZZZZon: .*does not list this asset/)
  })

  it('prints the usage with --help', async () => {
    const run = await snapshot(['--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Usage: tokenwatch snapshot')
  })
})

describe('bad usage or input (exit 2), nothing sent', () => {
  it.each([
    ['an unknown flag', ['--symbols', 'AAPLon', '--bogus'], /Unknown option '--bogus'/],
    ['a stray argument', ['--symbols', 'AAPLon', 'extra'], /Unexpected argument 'extra'/],
    ['no --symbols', [], /--symbols is required/],
    ['empty --symbols', ['--symbols', ' , '], /--symbols is empty/],
    ['a path in a symbol', ['--symbols', 'AAPLon,../v1'], /"\.\.\/v1" is not a token symbol/],
    ['a path with a slash', ['--symbols', 'BRK/../v1'], /"BRK\/\.\.\/v1" is not a token symbol/],
    ['a non-ASCII symbol', ['--symbols', 'ÄAPLon'], /is not a token symbol/],
  ])('refuses %s', async (_what, argv, message) => {
    const run = await snapshot(argv)
    expect(run.code).toBe(2)
    expect(oneLine(run.stderr)).toMatch(message)
    expect(run.stdout).toBe('')
    expect(service.requests).toHaveLength(0)
  })

  it('refuses a plain-http base URL to another host', async () => {
    const run = await snapshot(['--base-url', 'http://example.com', '--symbols', 'AAPLon'], { baseUrl: null })
    expect(run.code).toBe(2)
    expect(oneLine(run.stderr)).toMatch(/--base-url: plain http:\/\/ is allowed only to this computer/)
  })

  it('exits 2 when the service lists none of the symbols', async () => {
    const run = await snapshot(['--symbols', 'ZZZZon,YYYYon'])
    expect(run.code).toBe(2)
    expect(oneLine(run.stderr)).toMatch(/^tokenwatch snapshot: ZZZZon: .*\(and 1 more; --json lists them\)$/)
  })
})

describe('the key (exit 3)', () => {
  it('without TOKENWATCH_API_KEY, uses the key stored for the base URL', async () => {
    const run = await snapshot(['--symbols', 'AAPLon'], { env: {}, storedKey: TEST_KEY })
    expect(run.code).toBe(0)
    expect(run.storedKeyAskedFor).toEqual([service.url])
    expect(service.requests[0]?.headers['x-api-key']).toBe(TEST_KEY)
  })

  it('asks the keychain for the default base URL when none is given', async () => {
    const run = await snapshot(['--symbols', 'AAPLon'], { env: {}, baseUrl: null })
    expect(run.code).toBe(3)
    expect(run.storedKeyAskedFor).toEqual([DEFAULT_BASE_URL])
  })

  it('exits 3 without a key anywhere, sending nothing', async () => {
    const run = await snapshot(['--symbols', 'AAPLon'], { env: { TOKENWATCH_API_KEY: '' } })
    expect(run.code).toBe(3)
    expect(oneLine(run.stderr)).toMatch(
      /no API key for http:\/\/127\.0\.0\.1:\d+: set TOKENWATCH_API_KEY or store one/,
    )
    expect(service.requests).toHaveLength(0)
  })

  it('exits 3 when the service rejects the key', async () => {
    for (const endpoint of ['prices', 'market', 'limits'] as const)
      service.override[endpoint] = (res) => sendText(res, 403, 'Forbidden')
    const run = await snapshot(['--symbols', 'AAPLon,TSLAon'])
    expect(run.code).toBe(3)
    expect(oneLine(run.stderr)).toMatch(
      /^tokenwatch snapshot: prices: The API key was rejected.*\(403 Forbidden\)/,
    )
  })

  it('exits 3 for a key that cannot be sent in a header, without echoing it', async () => {
    const run = await snapshot(['--symbols', 'AAPLon'], { env: { TOKENWATCH_API_KEY: `${TEST_KEY} extra` } })
    expect(run.code).toBe(3)
    expect(oneLine(run.stderr)).toMatch(/The API key contains spaces/)
  })
})

describe('the service cannot be used (exit 4)', () => {
  it.each([
    [
      'a server error',
      (res: Parameters<NonNullable<FakeService['override']['prices']>>[0]) =>
        sendJson(res, 500, { code: 'INTERNAL_ERROR' }),
    ],
    [
      'rate limiting',
      (res: Parameters<NonNullable<FakeService['override']['prices']>>[0]) =>
        sendJson(res, 429, { code: 'RATE_LIMITED' }, { 'retry-after': '2' }),
    ],
  ])('exits 4 on %s of every endpoint', async (_what, answer) => {
    for (const endpoint of ['prices', 'market', 'limits'] as const) service.override[endpoint] = answer
    const run = await snapshot(['--symbols', 'AAPLon', '--json'])
    expect(run.code).toBe(4)
    expect((JSON.parse(run.stdout) as Snapshot).assets).toEqual([])
    expect(oneLine(run.stderr)).toMatch(/^tokenwatch snapshot: prices: /)
  })

  it('exits 4 when nothing answers at the address', async () => {
    const closed = await startFakeService()
    await closed.close()
    const run = await snapshot(['--base-url', closed.url, '--symbols', 'AAPLon'], { baseUrl: null })
    expect(run.code).toBe(4)
    expect(oneLine(run.stderr)).toMatch(/connection refused/)
  })
})
