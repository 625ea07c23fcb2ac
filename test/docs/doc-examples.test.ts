import { readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/main/cli/run-cli'
import { SettingsFile } from '../../src/main/core/storage/settings-file'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { memoryIo } from '../cli/memory-io'
import { cleanupAfterEach } from '../support/cleanups'

/**
 * Every command example in README.md and docs/*.md (the `npx tokenwatch ...` and `npm run --silent
 * cli -- ...` lines of their fenced blocks) run against the simulator with a scratch data folder
 * whose settings point at it, as a reader would after `npm install`. An example passes when it
 * exits 0 and, given --json, prints JSON; each runs with its optional [parts] left out and again
 * with those that hold no placeholder (URL, NAME, a|b choice) written in.
 */

const root = resolve(__dirname, '../..')
const KEY = 'doc-examples-key-5e81c2'
// Tuesday 17 November 2026, 10:30 ET: the regular session.
const TUESDAY_MORNING = Date.parse('2026-11-17T10:30:00-05:00')
const PREFIX = /^(?:npx tokenwatch|npm run --silent cli --)\s+(.*)$/

/** Commands no example may run here, and why (said in the test's name). */
const NOT_RUN: Record<string, string> = {
  'key set': 'writes the real keychain',
  'key clear': 'writes the real keychain',
}

interface Example {
  file: string
  line: number
  text: string
}

function docFiles(): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'))
  return ['README.md', ...docs.map((name) => join('docs', name))]
}

function examplesIn(file: string): Example[] {
  const examples: Example[] = []
  let fenced = false
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      if (raw.trimStart().startsWith('```')) fenced = !fenced
      else if (fenced) {
        const match = PREFIX.exec(raw.replace(/\s+#.*$/, '').trim())
        if (match?.[1]) examples.push({ file, line: index + 1, text: match[1] })
      }
    })
  return examples
}

/** Shell words, double quotes kept together ("apple,brk-b"). */
function words(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '')
}

function minimal(text: string): string[] {
  return words(text.replace(/\[[^\]]*\](\.\.\.)?/g, ' '))
}

function full(text: string): string[] {
  return words(
    text.replace(/\[([^\]]*)\](\.\.\.)?/g, (_, inner: string) =>
      /[A-Z]{3,}|\|/.test(inner) ? ' ' : ` ${inner} `,
    ),
  )
}

/** `watch` runs until stopped: an example of it runs for one change (--count 1). */
function bounded(argv: string[]): string[] {
  return argv[0] === 'watch' && !argv.includes('--count') ? [...argv, '--count', '1'] : argv
}

const examples = docFiles().flatMap(examplesIn)
const { tempDir } = cleanupAfterEach('tw-doc-examples-')
let server: SimServer

beforeAll(async () => {
  server = await startSimServer({ apiKey: KEY, assets: 60, clock: () => TUESDAY_MORNING })
})
afterAll(async () => {
  await server.close()
})

async function scratchDataFolder(): Promise<string> {
  const dir = tempDir()
  const settings = new SettingsFile(dir)
  await settings.load()
  await settings.update((current) => ({
    ...current,
    baseUrl: server.url,
    // The simulator's gRPC beside its REST: the examples that stream (watch, status, depth) do.
    streamAddress: server.grpcAddress ?? 'off',
    lists: [
      ...current.lists,
      { ...current.lists[0]!, id: 'l900', name: 'Tech', symbols: ['AAPLon', 'NVDAon'] },
    ],
  }))
  return dir
}

describe('the command examples of README.md and docs/', () => {
  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(15)
  })

  for (const example of examples) {
    const skipped = Object.keys(NOT_RUN).find((command) => example.text.startsWith(command))
    const name = `${example.file}:${example.line}: ${example.text}`
    if (skipped) {
      it.skip(`${name} (not run: ${NOT_RUN[skipped]})`, () => {})
      continue
    }
    it(name, async () => {
      for (const argv of [minimal(example.text), full(example.text)].map(bounded)) {
        // A folder of its own for each form, as a reader starting afresh: `wallet add` twice would
        // be refused as already watched.
        const dir = await scratchDataFolder()
        const run = memoryIo({ TOKENWATCH_USER_DATA: dir, TOKENWATCH_API_KEY: KEY })
        const code = await runCli(argv, run.io)
        const said =
          `${argv.join(' ')}\nstdout: ${run.stdout().slice(0, 400)}\nstderr: ` +
          `${run.stderr().slice(0, 400)}`
        expect(code, said).toBe(0)
        expect(run.stdout().trim(), said).not.toBe('')
        if (argv.includes('--json')) {
          const text = run.stdout().trim()
          const parsed =
            text.startsWith('[') || text.includes('\n  ')
              ? [JSON.parse(text)]
              : text.split('\n').map((line) => JSON.parse(line))
          expect(parsed.length, said).toBeGreaterThan(0)
        }
      }
    })
  }
})
