import { ApiClient } from '../core/api/api-client'
import { ApiConfigError, ApiError } from '../core/api/api-errors'
import { type CliIo, EXIT, UsageError, withhold, writeLine } from './io'
import { type StoredKeyReader, noKeyMessage, resolveApiKey, serviceBaseUrl } from './service-args'
import { CLI_USER_AGENT } from './user-agent'

/**
 * What the one-question commands (status, capacity, dividends) share: the key from the
 * environment or the keychain, one client for the call, and a failure said in one line with the
 * exit code scripts expect (io.ts, EXIT).
 */

export interface ServiceCommandDeps {
  /** The key stored for a base URL, used when TOKENWATCH_API_KEY is unset. Default: the OS keychain. */
  readStoredKey?: StoredKeyReader
  now?: () => number
  timeoutMs?: number
}

/** Errors about what was asked (an unknown symbol) rather than about the key or the service. */
const INPUT_CODES = new Set(['ASSET_NOT_FOUND', 'INVALID_SYMBOL', 'MISSING_SYMBOL', 'INVALID_SIDE'])

export function exitCodeOfApiError(error: ApiError): number {
  if (error.kind === 'key-missing' || error.kind === 'key-rejected') return EXIT.key
  if (error.kind === 'invalid-request' || (error.code !== null && INPUT_CODES.has(error.code)))
    return EXIT.usage
  return EXIT.service
}

/**
 * A client for `baseUrl` with the key from the environment or the keychain; when there is none,
 * or it cannot be sent, the reason is printed and the exit code returned instead.
 */
export async function openClient(
  command: string,
  io: CliIo,
  baseUrl: string,
  deps: Pick<ServiceCommandDeps, 'readStoredKey' | 'timeoutMs' | 'now'>,
): Promise<ApiClient | number> {
  const apiKey = await resolveApiKey(io, baseUrl, deps.readStoredKey)
  if (!apiKey) {
    writeLine(io.stderr, noKeyMessage(command, baseUrl))
    return EXIT.key
  }
  withhold(io, apiKey)
  try {
    // The command's clock dates the answers, so a record is judged against the time it was asked.
    return new ApiClient({
      baseUrl,
      apiKey,
      timeoutMs: deps.timeoutMs,
      now: deps.now,
      userAgent: CLI_USER_AGENT,
    })
  } catch (error) {
    // The base URL was checked already: what is left to refuse is the key itself.
    if (!(error instanceof ApiConfigError)) throw error
    writeLine(io.stderr, `tokenwatch ${command}: ${error.message}`)
    return EXIT.key
  }
}

/** Runs `ask` with a client for `baseUrl`; an API failure is printed and becomes its exit code. */
export async function askService(
  command: string,
  io: CliIo,
  baseUrl: string,
  deps: ServiceCommandDeps,
  ask: (client: ApiClient) => Promise<number>,
): Promise<number> {
  const client = await openClient(command, io, baseUrl, deps)
  if (typeof client === 'number') return client
  try {
    return await ask(client)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    writeLine(io.stderr, `tokenwatch ${command}: ${error.message}`)
    return exitCodeOfApiError(error)
  } finally {
    await client.close()
  }
}

/** The flags every one-question command takes. */
export const ONE_QUESTION_FLAGS = {
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** Prints a value as indented JSON, one document. */
export function writeJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}

export interface ServiceCommand<A extends { baseUrl: string | null }> {
  name: string
  usage: string
  /** Reads the flags; throws UsageError for a mistake. */
  parse(argv: string[]): A | 'help'
  /**
   * Asks the service and prints the answer; returns the exit code. `service`: where it asked, for a second
   * question (a stream).
   */
  run(
    client: ApiClient,
    args: A,
    io: CliIo,
    now: () => number,
    service: { baseUrl: string; deps: ServiceCommandDeps },
  ): Promise<number>
}

/** Flags (or help), then the key and the client, then the command's own question. */
export async function runServiceCommand<A extends { baseUrl: string | null }>(
  command: ServiceCommand<A>,
  argv: string[],
  io: CliIo,
  deps: ServiceCommandDeps = {},
): Promise<number> {
  let args: A | 'help'
  try {
    args = command.parse(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    writeLine(
      io.stderr,
      `tokenwatch ${command.name}: ${error.message} (see tokenwatch ` + `${command.name} --help)`,
    )
    return EXIT.usage
  }
  if (args === 'help') {
    io.stdout.write(command.usage)
    return EXIT.ok
  }
  const parsed = args
  const baseUrl = await serviceBaseUrl(parsed.baseUrl, command.name, io)
  return askService(command.name, io, baseUrl, deps, (client) =>
    command.run(client, parsed, io, deps.now ?? Date.now, { baseUrl, deps }),
  )
}
