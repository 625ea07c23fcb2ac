import { Writable } from 'node:stream'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { printable, withheld } from '../core/api/terminal-text'

/**
 * What a CLI command may touch of the process: its streams and environment. Injected, so that
 * tests run commands in-process; index.ts passes the real ones.
 */
export interface CliIo {
  stdin: NodeJS.ReadableStream
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  env: NodeJS.ProcessEnv
  /** --verbose, taken by every command: where the command's settings came from, on stderr. */
  verbose?: boolean
}

/** The secrets each guarded io never prints (guardedIo, withhold). */
const secretsOf = new WeakMap<CliIo, Set<string>>()

/** A stream that passes on each write at once, made printable and without the secrets. */
function guardedStream(target: NodeJS.WritableStream, secrets: Set<string>): NodeJS.WritableStream {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      target.write(printable(withheld(chunk.toString(), secrets)))
      done()
    },
  })
}

/**
 * The one place where everything a command prints passes: control characters a terminal would act
 * on are dropped (a service's words, a ledger's notes), and so is the API key once a command holds
 * one (withhold), whatever text it reached.
 */
export function guardedIo(io: CliIo): CliIo {
  const secrets = new Set<string>()
  const guarded = {
    ...io,
    stdout: guardedStream(io.stdout, secrets),
    stderr: guardedStream(io.stderr, secrets),
  }
  secretsOf.set(guarded, secrets)
  return guarded
}

/** From now on `secret` is printed as "[key]" by this io, if it is a guarded one. */
export function withhold(io: CliIo, secret: string): void {
  secretsOf.get(io)?.add(secret)
}

/** Exit codes shared by the commands, so scripts can tell what went wrong. */
export const EXIT = {
  ok: 0,
  /** A bug or an unexpected failure. */
  failed: 1,
  /** Bad usage or input: an unknown flag, a bad symbol, a bad base URL. */
  usage: 2,
  /** No API key, or the service rejected it. */
  key: 3,
  /** The service could not be used: network, server, timeout, rate limit. */
  service: 4,
} as const

/** Bad usage or input: the command prints it as one line and exits with EXIT.usage. */
export class UsageError extends Error {}

export function writeLine(stream: NodeJS.WritableStream, text: string): void {
  stream.write(`${text}\n`)
}

/** Rows as a plain text table: each column as wide as its widest cell, two spaces apart. */
export function textTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** A command's `--flags` (strict: no unknown flags, no stray arguments); a mistake is a UsageError. */
export function parseFlags<const T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

/** How often a long-running command checks that the process that started it is still there. */
const PARENT_CHECK_MS = 500

/**
 * Resolves on the first SIGINT or SIGTERM, or once the process that started this one is gone: how
 * long-running commands (sim, watch) are stopped.
 */
export function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    // `npm run sim` runs this under a shell; npm passes its SIGTERM to that shell, which dies
    // without passing it on, leaving this process to a new parent. So a changed parent stops it too.
    const parent = process.ppid
    const orphaned = setInterval(() => {
      if (process.ppid !== parent) stop()
    }, PARENT_CHECK_MS)
    const stop = () => {
      clearInterval(orphaned)
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve()
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}
