import { spawnSync } from 'node:child_process'
import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
} from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanupAfterEach } from '../support/cleanups'

/**
 * The `tokenwatch` command: package.json's bin is a launcher that builds the command line on first
 * use (and after a source changes) and runs the build, never tsx. Each test builds into a scratch
 * folder, as a fresh clone would on its first `npx tokenwatch`.
 */

const { cleanups, tempDir } = cleanupAfterEach('tw-launcher-')
const root = resolve(__dirname, '../..')
const launcher = join(root, 'bin', 'tokenwatch.mjs')

/** A scratch build folder inside the checkout, where the build finds node_modules as the real one does. */
function scratchBuildDir(): string {
  const cache = join(root, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(join(cache, 'tokenwatch-cli-test-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

function run(program: string, args: string[], buildDir: string) {
  return spawnSync(program, args, {
    encoding: 'utf8',
    env: { ...process.env, TOKENWATCH_CLI_BUILD_DIR: buildDir },
    timeout: 120_000,
  })
}

describe('the tokenwatch command', () => {
  it('is the package bin, and npm run cli and npm run sim go through it', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      bin: Record<string, string>
      scripts: Record<string, string>
    }
    expect(resolve(root, manifest.bin.tokenwatch ?? '')).toBe(launcher)
    expect(manifest.scripts.cli).toBe('node bin/tokenwatch.mjs')
    expect(manifest.scripts.sim).toBe('node bin/tokenwatch.mjs sim')
    expect(readFileSync(launcher, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
    accessSync(launcher, constants.X_OK)
  })

  it('builds on first use, prints the help, and reuses the build until a source is newer', () => {
    const buildDir = scratchBuildDir()
    const first = run(process.execPath, [launcher, '--help'], buildDir)
    expect(first.status).toBe(0)
    expect(first.stderr).toContain('building the command line')
    expect(first.stdout).toContain('Usage: tokenwatch <command> [options]')
    const built = join(buildDir, 'tokenwatch.cjs')
    expect(statSync(built).size).toBeGreaterThan(0)

    const second = run(process.execPath, [launcher, '--help'], buildDir)
    expect(second.status).toBe(0)
    expect(second.stderr).not.toContain('building')

    // A build older than the sources (an edit since) is built again.
    utimesSync(built, new Date(2020, 0, 1), new Date(2020, 0, 1))
    const third = run(process.execPath, [launcher, '--help'], buildDir)
    expect(third.stderr).toContain('building the command line')
    expect(statSync(built).mtimeMs).toBeGreaterThan(new Date(2020, 0, 2).getTime())
  })

  it('runs through a symlink as npm link installs it, passing the exit code through', () => {
    const buildDir = scratchBuildDir()
    const linked = join(tempDir(), 'tokenwatch')
    symlinkSync(launcher, linked)
    const unknown = run(linked, ['no-such-command'], buildDir)
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain('Unknown command "no-such-command"')
    const sessions = run(linked, ['sessions', '--at', '2026-11-27T12:59:00-05:00', '--json'], buildDir)
    expect(sessions.status).toBe(0)
    expect(JSON.parse(sessions.stdout)).toMatchObject({ phase: 'paused', earlyClose: true })
  })
})
