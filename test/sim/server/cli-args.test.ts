import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { CliArgsError, parseSimArgs } from '../../../src/main/sim/server/cli-args'

describe('parseSimArgs', () => {
  it('reads the flags, with defaults for the optional ones', () => {
    expect(parseSimArgs(['--port', '0', '--api-key', 'k'])).toEqual({
      kind: 'serve',
      options: {
        port: 0,
        apiKey: 'k',
        assets: 400,
        seed: 1,
        faults: {},
        specOnly: false,
        readings: {},
        walletTrades: true,
      },
    })
    expect(parseSimArgs(['--port', '0', '--api-key', 'k', '--fixed-wallets'])).toMatchObject({
      options: { walletTrades: false },
    })
    expect(
      parseSimArgs([
        '--port=8123',
        '--api-key=k',
        '--assets',
        '10000',
        '--seed',
        '9',
        '--faults',
        'prices:5xx=0.2',
      ]),
    ).toEqual({
      kind: 'serve',
      options: {
        port: 8123,
        apiKey: 'k',
        assets: 10_000,
        seed: 9,
        faults: { prices: { serverError: 0.2 } },
        specOnly: false,
        readings: {},
        walletTrades: true,
      },
    })
    expect(parseSimArgs(['--help'])).toEqual({ kind: 'help' })
  })

  it('reads the switches of the endpoints beyond the spec', () => {
    const argv = ['--port', '0', '--api-key', 'k', '--spec-only', '--offhours-reading', 'offhours']
    const more = ['--closed-market', 'forbidden', '--market-pause', '30']
    const command = parseSimArgs([...argv, ...more], () => 1_000)
    expect(command).toMatchObject({
      options: {
        specOnly: true,
        readings: {
          offhoursReading: 'offhours',
          closedMarketForm: 'forbidden',
          marketPause: { start: 1_000, end: 1_801_000 },
        },
      },
    })
    expect(() => parseSimArgs(['--port', '0', '--api-key', 'k', '--closed-market', '403'])).toThrow(
      /reason or forbidden/,
    )
    expect(() => parseSimArgs(['--port', '0', '--api-key', 'k', '--offhours-reading', 'x'])).toThrow(
      /closed or offhours/,
    )
  })

  it('refuses bad flags with a one-line reason', () => {
    for (const argv of [
      [],
      ['--api-key', 'k'],
      ['--port', '0'],
      ['--port', '-1', '--api-key', 'k'],
      ['--port', '65536', '--api-key', 'k'],
      ['--port', '0', '--api-key', 'k', '--assets', '0'],
      ['--port', '0', '--api-key', 'k', '--assets', '10001'],
      ['--port', '0', '--api-key', 'k', '--seed', '1.5'],
      ['--port', '0', '--api-key', 'k', '--faults', 'prices:nope=1'],
      ['--port', '0', '--api-key', 'k', '--colour'],
      ['--port', '0', '--api-key', 'k', 'extra'],
    ]) {
      let error: unknown = null
      try {
        parseSimArgs(argv)
      } catch (caught) {
        error = caught
      }
      expect(error, argv.join(' ')).toBeInstanceOf(CliArgsError)
      expect((error as Error).message).not.toContain('\n')
    }
  })
})

describe('npm run sim (the CLI process)', () => {
  const children: ChildProcess[] = []

  /** Started in its own process group, so that npx and tsx's node both end with it. */
  function startCli(args: string[]): ChildProcess {
    const child = spawn('npx', ['tsx', 'src/main/cli/index.ts', 'sim', ...args], {
      cwd: process.cwd(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    return child
  }

  /** Ends the child's whole process group, if it is still there. */
  function stopCli(child: ChildProcess): void {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone: nothing to stop.
    }
  }

  afterAll(() => {
    for (const child of children) stopCli(child)
  })

  it('prints the listening line for --port 0 and serves', async () => {
    const child = startCli(['--port', '0', '--api-key', 'k', '--assets', '20'])
    const [line] = (await once(
      createInterface({ input: child.stdout as NodeJS.ReadableStream }),
      'line',
    )) as [string]
    expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/)
    const url = line.slice('listening on '.length)
    const response = await fetch(`${url}/v1/assets/all/prices/latest`, { headers: { 'x-api-key': 'k' } })
    expect(response.status).toBe(200)
    expect((await response.json()) as unknown[]).toHaveLength(20)
    const exited = once(child, 'exit')
    stopCli(child)
    await exited
  })

  it('exits 2 with one line on stderr for a bad flag', async () => {
    const child = startCli(['--port', 'eighty', '--api-key', 'k'])
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const [code] = (await once(child, 'exit')) as [number]
    expect(code).toBe(2)
    const ours = stderr.split('\n').filter((line) => line.startsWith('tokenwatch sim:'))
    expect(ours).toEqual([
      'tokenwatch sim: --port must be a whole number from 0 to 65535 ' + '(see tokenwatch sim --help)',
    ])
  })
})
