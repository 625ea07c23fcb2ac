import { spawnSync } from 'node:child_process'
import { chmodSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanupAfterEach } from '../support/cleanups'

/**
 * scripts/with-keyring.sh on each desktop: a private GNOME Keyring on Linux only; on macOS and
 * Windows (Git Bash) the command runs as it is. The system is what `uname -s` says, so a fake
 * `uname` first on PATH stands in for another one; PATH holds nothing else, so nothing from D-Bus
 * or GNOME Keyring can be reached.
 */

const { tempDir } = cleanupAfterEach('tw-with-keyring-')
const SCRIPT = resolve(__dirname, '../../scripts/with-keyring.sh')
/** What the command sees: whether it runs inside the wrapper's private keyring session. */
const REPORT = "process.stdout.write(process.env.XDG_DATA_HOME ?? 'no private keyring'); process.exit(3)"

// Absent bash: spawnSync reports ENOENT and no output.
const bash = (spawnSync('bash', ['-c', 'command -v bash'], { encoding: 'utf8' }).stdout ?? '').trim()

function runAs(system: string) {
  const bin = tempDir()
  writeFileSync(join(bin, 'uname'), `#!${bash}\necho '${system}'\n`)
  chmodSync(join(bin, 'uname'), 0o755)
  const { XDG_DATA_HOME: _data, ...env } = process.env
  return spawnSync(bash, [SCRIPT, process.execPath, '-e', REPORT], {
    env: { ...env, PATH: bin },
    encoding: 'utf8',
    timeout: 20_000,
  })
}

if (!bash) console.warn('Skipping the with-keyring.sh tests: no bash on this machine.')
describe.runIf(bash)('with-keyring.sh per system', () => {
  it.each(['Darwin', 'MINGW64_NT-10.0-19045', 'MSYS_NT-10.0-19045'])(
    'on %s runs the command directly and passes its exit status on',
    (system) => {
      const result = runAs(system)
      expect(result).toMatchObject({ status: 3, stdout: 'no private keyring', stderr: '' })
    },
  )

  it('on Linux without D-Bus on PATH, stops before the command with what is missing', () => {
    const result = runAs('Linux')
    expect(result.status).toBe(127)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      "with-keyring: 'dbus-run-session' is not installed ('node scripts/preflight.mjs' " +
        'says how to install it here)\n',
    )
  })
})
