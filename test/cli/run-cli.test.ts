import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/main/cli/run-cli'
import { runSimCommand } from '../../src/main/cli/sim-command'
import { memoryIo } from './memory-io'

/** The command dispatch, in-process. */

describe('runCli', () => {
  it('prints the commands for help', async () => {
    const { io, stdout } = memoryIo()
    expect(await runCli(['--help'], io)).toBe(0)
    expect(stdout()).toMatch(/snapshot {2}fetch prices/)
    expect(stdout()).toMatch(/key {7}store, check or clear/)
    expect(stdout()).toMatch(/sim {7}serve the simulated/)
  })

  it.each([
    [[], /^No command given\./],
    [['fetch'], /^Unknown command "fetch"\./],
  ])('exits 2 for %j', async (argv, message) => {
    const { io, stdout, stderr } = memoryIo()
    expect(await runCli(argv, io)).toBe(2)
    expect(stderr()).toMatch(message)
    expect(stdout()).toBe('')
  })

  it('hands the rest of the arguments to the command', async () => {
    const snapshot = memoryIo()
    expect(await runCli(['snapshot', '--help'], snapshot.io)).toBe(0)
    expect(snapshot.stdout()).toMatch(/^Usage: tokenwatch snapshot/)
    const key = memoryIo()
    expect(await runCli(['key', 'help'], key.io)).toBe(0)
    expect(key.stdout()).toContain('tokenwatch key set')
    const exported = memoryIo()
    expect(await runCli(['export', '--help'], exported.io)).toBe(0)
    expect(exported.stdout()).toMatch(/^Usage: tokenwatch export/)
    const sim = memoryIo()
    expect(await runCli(['sim', '--port', 'x', '--api-key', 'k'], sim.io)).toBe(2)
    expect(sim.stderr()).toMatch(/^tokenwatch sim: --port must be a whole number/)
  })
})

describe('tokenwatch sim', () => {
  it('serves the simulator, prints where, and stops when told', async () => {
    const { io, stdout } = memoryIo()
    let stop = () => undefined as void
    const stopped = new Promise<void>((resolve) => (stop = resolve))
    const running = runSimCommand(['--port', '0', '--api-key', 'sim-key', '--assets', '5'], io, {
      untilStopped: () => stopped,
    })
    await expect.poll(stdout, { timeout: 5_000 }).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n$/)
    const url = stdout().trim().replace('listening on ', '')
    const answer = await fetch(`${url}/v1/assets/all/prices/latest`, { headers: { 'x-api-key': 'sim-key' } })
    expect(((await answer.json()) as unknown[]).length).toBe(5)
    stop()
    expect(await running).toBe(0)
  })
})
