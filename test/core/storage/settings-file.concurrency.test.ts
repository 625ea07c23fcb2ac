import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build, stop } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { JsonFile } from '../../../src/main/core/storage/json-file'
import { SettingsFile } from '../../../src/main/core/storage/settings-file'
import { DEFAULT_WATCHLIST } from '../../../src/shared/settings'
import { makeTempDir } from './storage-helpers'
import { payloadFor, type WriteLoopState, writeLoopSchema } from './json-file.write-loop.shared'
import { shownSymbols } from '../../support/settings'

const PROJECT_ROOT = path.resolve(__dirname, '../..')

async function exitOf(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null]
  return { code, signal, stderr }
}

/** A small seeded generator (mulberry32), so the kill delays are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('settings shared by two processes', () => {
  it('keeps every change when two processes add 50 symbols each at the same time', async () => {
    const dir = makeTempDir()
    const child = path.join(__dirname, 'settings-file.add-symbols.child.ts')
    const children = ['P', 'Q'].map((prefix) =>
      spawn(process.execPath, ['--import', 'tsx', child, dir, prefix, '50'], { cwd: PROJECT_ROOT }),
    )
    const exits = Promise.all(children.map(exitOf))
    await Promise.all(children.map((child) => once(child.stdout, 'data')))
    for (const child of children) child.stdin.write('go\n')
    expect(await exits).toEqual([
      { code: 0, signal: null, stderr: '' },
      { code: 0, signal: null, stderr: '' },
    ])

    const store = new SettingsFile(dir)
    const watchlist = shownSymbols(await store.load())
    expect(store.problem()).toBeNull()
    const added = ['P', 'Q'].flatMap((prefix) =>
      Array.from({ length: 50 }, (_, index) => `${prefix}${index}on`),
    )
    expect([...watchlist].sort()).toEqual([...DEFAULT_WATCHLIST, ...added].sort())
    // Each process's own additions stay in the order it made them.
    for (const prefix of ['P', 'Q']) {
      const own = (symbol: string) => new RegExp(`^${prefix}\\d+on$`).test(symbol)
      expect(watchlist.filter(own)).toEqual(added.filter(own))
    }
  })
})

describe('a writer killed at a random moment', () => {
  let childScript: string

  beforeAll(async () => {
    // Plain CommonJS, so each run starts in plain node (fast) rather than through a TS loader.
    childScript = path.join(makeTempDir('tw-write-loop-'), 'write-loop.cjs')
    await build({
      entryPoints: [path.join(__dirname, 'json-file.write-loop.child.ts')],
      outfile: childScript,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'silent',
    })
    await stop() // esbuild's helper process is not needed again
  })

  /** Kills `runs` writers of `target` one after another; returns the count found after each kill. */
  async function killWritersOf(target: string, runs: number, random: () => number): Promise<number[]> {
    const file = new JsonFile<WriteLoopState>(target, writeLoopSchema, () => ({
      count: 0,
      payload: payloadFor(0),
    }))
    await file.write({ count: 0, payload: payloadFor(0) })
    const counts: number[] = []
    for (let run = 0; run < runs; run += 1) {
      const child = spawn(process.execPath, [childScript, target], { stdio: ['ignore', 'pipe', 'pipe'] })
      const exit = exitOf(child)
      const [ready] = (await once(child.stdout, 'data')) as [Buffer]
      expect(ready.toString()).toBe('ready\n')
      // Anywhere from the start of its second write to several writes in.
      await new Promise((resolve) => setTimeout(resolve, random() * 25))
      child.kill('SIGKILL')
      expect(await exit).toMatchObject({ code: null, signal: 'SIGKILL' })

      const { value, problem } = await file.read()
      expect(problem, `${target}, run ${run}`).toBeNull()
      counts.push(value.count)
    }
    return counts
  }

  it('leaves a complete, valid file in 100 of 100 runs', async () => {
    // A killed process (unlike a power cut) loses nothing fsync would have saved, so the files can
    // live in memory, where a busy disk does not slow the 100 runs down.
    const dir = makeTempDir('tw-write-loop-', existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir())
    // Two files, 50 runs each, side by side: the same 100 kills in about half the time.
    const lanes = await Promise.all(
      ['a', 'b'].map((lane, index) =>
        killWritersOf(path.join(dir, `${lane}.json`), 50, seededRandom(2025 + index)),
      ),
    )
    for (const counts of lanes) {
      // Each run carried on from the last complete write and made at least one more.
      counts.forEach((count, run) => expect(count).toBeGreaterThan(counts[run - 1] ?? 0))
    }
    // About 10 s on an idle machine (each run is mostly node's start-up); room for a busy CI.
  }, 90_000)
})
