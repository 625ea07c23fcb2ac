import { Readable, Writable } from 'node:stream'
import type { CliIo } from '../../src/main/cli/io'

/** A CliIo that keeps what a command writes, for in-process CLI tests. */
export interface MemoryIo {
  io: CliIo
  stdout(): string
  stderr(): string
}

export function memoryIo(env: NodeJS.ProcessEnv = {}, stdinText = ''): MemoryIo {
  const written = { stdout: '', stderr: '' }
  const sink = (name: keyof typeof written) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        written[name] += chunk.toString()
        done()
      },
    })
  return {
    io: { stdin: Readable.from([stdinText]), stdout: sink('stdout'), stderr: sink('stderr'), env },
    stdout: () => written.stdout,
    stderr: () => written.stderr,
  }
}

/** What a command run in process returned: its exit code and everything it wrote. */
export interface CommandRun {
  code: number
  stdout: string
  stderr: string
}

/** The clock, timeout and key lookup a command takes from its caller; no stored key in tests. */
interface RunDeps {
  now?: () => number
  timeoutMs?: number
  readStoredKey?: () => Promise<string | null>
}

/**
 * Runs one command in process with `env` as its environment, at the market time `now`, with no
 * key in the keychain (a key comes from TOKENWATCH_API_KEY in `env` or not at all).
 */
export async function runCommand(
  command: (argv: string[], io: CliIo, deps: RunDeps) => Promise<number>,
  argv: string[],
  options: { env: NodeJS.ProcessEnv; now: () => number; timeoutMs?: number },
): Promise<CommandRun> {
  const { io, stdout, stderr } = memoryIo(options.env)
  const deps: RunDeps = { now: options.now, readStoredKey: async () => null }
  if (options.timeoutMs !== undefined) deps.timeoutMs = options.timeoutMs
  const code = await command(argv, io, deps)
  return { code, stdout: stdout(), stderr: stderr() }
}
