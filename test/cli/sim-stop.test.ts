import { spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'

/**
 * `npm run sim` stopped as a supervisor stops it, with SIGTERM to npm: npm hands the signal to the
 * shell it ran the script in, which dies without passing it on. The simulator must not outlive it.
 */

async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/v1/assets`, { signal: AbortSignal.timeout(2_000) })
    return true
  } catch {
    return false
  }
}

describe('npm run sim', () => {
  it('stops its server when npm is stopped with SIGTERM', async () => {
    const npm = spawn('npm', ['run', '--silent', 'sim', '--', '--port', '0', '--api-key', 'demo'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      npm.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
        if (match?.[1]) resolve(match[1])
      })
      npm.on('close', (code) => reject(new Error(`npm run sim ended (${code}) before listening`)))
    })
    expect(await reachable(url)).toBe(true)

    // 'exit', not 'close': a server left behind would keep the pipe open.
    const ended = new Promise((resolve) => npm.on('exit', resolve))
    npm.kill('SIGTERM')
    await ended
    // Bounded: the server gets 40 chances a quarter second apart (10 s) to be gone.
    let stillUp = true
    for (let attempt = 0; attempt < 40 && stillUp; attempt += 1) {
      stillUp = await reachable(url)
      if (stillUp) await sleep(250)
    }
    expect(stillUp, `the simulator at ${url} still answers after npm was stopped`).toBe(false)
  }, 60_000)
})
