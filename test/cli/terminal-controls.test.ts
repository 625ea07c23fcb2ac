import type { IncomingMessage, ServerResponse } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/main/cli/run-cli'
import { AppCore } from '../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../src/main/core/app/poll-on-this-thread'
import { MemorySecretStore } from '../../src/main/core/secrets/secret-store'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { type LoopbackServer, sendJson, startLoopbackServer } from '../core/api/api-client.fixtures'
import { until } from '../support/polls'
import { memoryIo } from './memory-io'

/**
 * A service whose words carry terminal controls: a colour, an OSC window title ended by a bell, a
 * cleared screen, a carriage return and backspaces that would overwrite what was printed. What
 * the commands print and what the core logs holds none of them, and still holds the words.
 */

const KEY = 'cli-controls-key-5b7e2a'
/**
 * Sunday 15 November 2026, 21:00 ET, the evening before the simulated LLY split: a pause is listed, the
 * market is closed.
 */
const EVENING_BEFORE_SPLIT = Date.UTC(2026, 10, 16, 2, 0)
const CONTROLS = '\u001b[31m\u001b]0;owned\u0007\u001b[2J\r\b\b\u0007\u009b'
/** What a terminal would act on; a CSV's "\r\n" is a line ending, not an overwrite. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const ACTED_ON = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

let sim: SimServer
let hostile: LoopbackServer
let userDataDir: string

/** Every string that is not a number, a time or a symbol gets the controls in its middle. */
function withControls(value: unknown, name = ''): unknown {
  if (typeof value === 'string')
    return /^-?\d/.test(value) || name === 'symbol' || name === 'side'
      ? value
      : `${value.slice(0, 2)}${CONTROLS}${value.slice(2)}`
  if (Array.isArray(value)) return value.map((item) => withControls(item))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withControls(item, key)]))
}

function relay(req: IncomingMessage, res: ServerResponse): void {
  fetch(`${sim.url}${req.url ?? '/'}`, { headers: { 'x-api-key': KEY } })
    .then(async (answer) => sendJson(res, answer.status, withControls(await answer.json())))
    .catch(() => res.destroy())
}

beforeAll(async () => {
  userDataDir = mkdtempSync(join(tmpdir(), 'tokenwatch-controls-'))
  sim = await startSimServer({ apiKey: KEY, assets: 60, clock: () => EVENING_BEFORE_SPLIT })
  hostile = await startLoopbackServer(relay)
})

afterAll(async () => {
  await Promise.all([sim?.close(), hostile?.close()])
  rmSync(userDataDir, { recursive: true, force: true })
})

async function cli(argv: string[]): Promise<{ code: number; out: string }> {
  const { io, stdout, stderr } = memoryIo({
    TOKENWATCH_API_KEY: KEY,
    TOKENWATCH_USER_DATA: join(userDataDir, 'cli'),
  })
  const code = await runCli(argv, io)
  return { code, out: `${stdout()}${stderr()}` }
}

describe('terminal controls from the service or a ledger never reach the terminal', () => {
  it.each([
    [
      'status',
      ['status'],
      /LLYon {2}ac\[31m\]0;owned\[2jtive AS\[31m\]0;owned\[2JSET_PAUSED st\[31m\]0;owned\[2jock_split/,
    ],
    ['status --json', ['status', '--json'], /"marketStatus"/],
    ['capacity', ['capacity', '--symbol', 'AAPLon'], /AAPLon/],
    ['dividends', ['dividends', '--symbol', 'AAPLon'], /Paid: qu\[31m\]0;owned\[2Jarterly/],
  ])('%s prints the words without the controls', async (_name, argv, shown) => {
    const { out } = await cli([...argv, '--base-url', hostile.url])
    expect(out).toMatch(shown)
    expect(out).not.toMatch(ACTED_ON)
  })

  it('tx list prints a note without its controls', async () => {
    const added = await cli([
      'tx',
      'add',
      '--symbol',
      'AAPLon',
      '--side',
      'buy',
      '--quantity',
      '3.5',
      '--price',
      '120.20',
      '--time',
      '2025-11-18T10:00:00-05:00',
      '--note',
      `from the${CONTROLS} desk`,
    ])
    expect(added.code).toBe(0)
    const { code, out } = await cli(['tx', 'list'])
    expect(code).toBe(0)
    expect(out).toContain('from the[31m]0;owned[2J desk')
    expect(out).not.toMatch(ACTED_ON)
  })

  it("the core's log line of a disagreement is one line without them", { timeout: 30_000 }, async () => {
    const logged: string[] = []
    const app = new AppCore({
      pollFeed: pollOnThisThread,
      userDataDir: join(userDataDir, 'app'),
      keychain: new MemorySecretStore(),
      requestTimeoutMs: 2_000,
      log: (text) => logged.push(text),
    })
    try {
      await app.start()
      await app.invoke('updateSettings', { baseUrl: hostile.url })
      await app.invoke('setKey', { key: KEY })
      await until(() => logged.length > 0, 'a line in the log')
    } finally {
      await app.stop()
    }
    expect(logged[0]).toMatch(/the service says the market is ov \[31m \]0;owned \[2j ernight/)
    // eslint-disable-next-line no-control-regex -- control characters are what this finds
    expect(logged.join('')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
  })
})
