import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The built command line (bin/tokenwatch.mjs) loads a command's modules when that command runs:
 * the usage and a command that needs neither a wallet's node nor a stream load no chain client
 * and no gRPC stack (which took seconds to load on a busy host, before the usage was printed).
 */

const ROOT = join(__dirname, '..', '..')
const scratch = mkdtempSync(join(tmpdir(), 'tokenwatch-cli-loads-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Preloaded into the CLI's process: writes the packages it loaded to `file` as it exits. */
const PRELOAD = join(scratch, 'loaded.cjs')
writeFileSync(
  PRELOAD,
  [
    'const PACKAGE = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//',
    "process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_FILE, JSON.stringify(",
    '  Object.keys(require.cache).map((file) => PACKAGE.exec(file)?.[1]).filter(Boolean))))',
  ].join('\n'),
)

async function packagesLoadedBy(args: string[]): Promise<string[]> {
  const file = join(scratch, `${args.join('-').replace(/[^\w-]/g, '')}.json`)
  await promisify(execFile)(process.execPath, ['--require', PRELOAD, 'bin/tokenwatch.mjs', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOADED_FILE: file, TOKENWATCH_USER_DATA: join(scratch, 'data') },
    timeout: 120_000,
  })
  return JSON.parse(readFileSync(file, 'utf8')) as string[]
}

const HEAVY = /^(viem|@solana\/kit|@grpc\/grpc-js|@grpc\/proto-loader|protobufjs)$/

describe('what the command line loads', () => {
  it('loads no chain client or gRPC stack for the usage', { timeout: 180_000 }, async () => {
    const loaded = await packagesLoadedBy(['--help'])
    expect(loaded.filter((name) => HEAVY.test(name))).toEqual([])
  })

  it('nor for a command that needs neither, which does load what it uses', { timeout: 180_000 }, async () => {
    const loaded = await packagesLoadedBy(['sessions', '--at', '2026-11-24T15:00:00Z'])
    // The check can fail: the settings file and the calendar were read.
    expect(loaded).toContain('zod')
    expect(loaded.filter((name) => HEAVY.test(name))).toEqual([])
  })
})
