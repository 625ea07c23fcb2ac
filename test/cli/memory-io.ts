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
