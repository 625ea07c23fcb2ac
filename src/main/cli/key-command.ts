import type { ReadStream } from 'node:tty'
import { invokeContract } from '../../shared/ipc-contract'
import type { KeyStatus } from '../../shared/status'
import { checkBaseUrl } from '../../shared/settings'
import { KeyVault } from '../core/secrets/key-vault'
import { KeytarSecretStore, type SecretStore } from '../core/secrets/secret-store'
import { type CliIo, EXIT, UsageError } from './io'
import { API_KEY_ENV, serviceBaseUrl } from './service-args'

/** For tests: the keychain to use instead of the OS one (null: none at all). */
export interface KeyCommandDeps {
  keychain?: SecretStore | null
}

/** `key set` and `key clear` exit with this when there is no usable keychain (see EXIT for the rest). */
export const EXIT_KEYCHAIN_UNAVAILABLE = 5

const USAGE = `Usage:
  tokenwatch key set [--base-url URL]      store the API key read from standard input
  tokenwatch key status [--base-url URL]   whether a key is stored, and its last 4 characters
  tokenwatch key clear [--base-url URL]    remove the stored key

One key is kept per base URL origin, in the system keychain. Without --base-url, the base URL
from the app's settings is used (--verbose says which). TOKENWATCH_API_KEY, when set, is the key
every command sends instead of the stored one (key status says so). Give the key on standard
input, never as an argument:
  printf '%s' "$TOKENWATCH_KEY" | tokenwatch key set
`

/** A key pasted on a terminal or piped in is short; anything past this is not a key. */
const MAX_STDIN_BYTES = 64 * 1024

interface KeyArgs {
  action: 'set' | 'status' | 'clear' | 'help'
  baseUrl: string | null
}

function parseArgs(argv: readonly string[]): KeyArgs {
  const args = [...argv]
  const action = args.shift()
  if (action === undefined) throw new UsageError('Which key command?')
  if (action === 'help' || action === '--help' || action === '-h') return { action: 'help', baseUrl: null }
  // Arguments are never repeated back here: a mistyped command line may hold the key itself.
  if (action !== 'set' && action !== 'status' && action !== 'clear')
    throw new UsageError('Unknown key command: use set, status or clear.')
  let baseUrl: string | null = null
  while (args.length > 0) {
    const arg = args.shift() as string
    if (arg === '--base-url' || arg.startsWith('--base-url=')) {
      const value = arg === '--base-url' ? args.shift() : arg.slice('--base-url='.length)
      if (!value) throw new UsageError('--base-url needs a URL, for example https://api.gm.ondo.finance')
      const checked = checkBaseUrl(value)
      if (!checked.ok) throw new UsageError(`--base-url: ${checked.reason}`)
      baseUrl = checked.url
    } else if (action === 'set') {
      throw new UsageError(
        'The key is read from standard input only, never from the command line (where it would be kept in ' +
          ('your shell history and be visible to other programs). Try: printf ' +
            '\'%s\' "$KEY" | tokenwatch key set'),
      )
    } else {
      throw new UsageError(`Unexpected argument: key ${action} takes only --base-url URL.`)
    }
  }
  return { action, baseUrl }
}

function describeStatus(baseUrl: string, status: KeyStatus): string {
  if (!status.stored) return `${baseUrl}: no key stored.`
  const where = status.storage === 'keychain' ? 'in the system keychain' : 'in memory for this run only'
  const ending = status.last4 ? ` (ends in ${status.last4})` : ''
  return `${baseUrl}: a key is stored ${where}${ending}.`
}

function isTerminal(stream: NodeJS.ReadableStream): stream is ReadStream {
  return (
    (stream as Partial<ReadStream>).isTTY === true &&
    typeof (stream as Partial<ReadStream>).setRawMode === 'function'
  )
}

/** Reads one line from a terminal without echoing it. */
function readHiddenLine(terminal: ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let line = ''
    const finish = (error: Error | null) => {
      terminal.off('data', onData)
      terminal.setRawMode(false)
      terminal.pause()
      if (error) reject(error)
      else resolve(line)
    }
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(null)
        if (char === '\u0003') return finish(new UsageError('Cancelled.'))
        line = char === '\u007f' || char === '\b' ? line.slice(0, -1) : line + char
      }
    }
    terminal.setRawMode(true)
    terminal.on('data', onData)
    terminal.resume()
  })
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    size += buffer.length
    if (size > MAX_STDIN_BYTES) throw new UsageError('Standard input is far too long to be an API key.')
    chunks.push(buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

async function readKey(io: CliIo): Promise<string> {
  let text: string
  if (isTerminal(io.stdin)) {
    io.stderr.write('API key (input hidden): ')
    text = await readHiddenLine(io.stdin)
    io.stderr.write('\n')
  } else {
    text = (await readAll(io.stdin)).replace(/\r?\n$/, '')
  }
  if (text.trim() === '') throw new UsageError('No key on standard input.')
  // The same rules as a key set from the app's window.
  const checked = invokeContract.setKey.args.safeParse({ key: text })
  if (!checked.success)
    throw new UsageError(`That is not an API key: ${checked.error.issues[0]?.message ?? 'invalid'}.`)
  return checked.data.key
}

/**
 * `tokenwatch key set|status|clear [--base-url URL]`. Returns the exit code (EXIT, or
 * EXIT_KEYCHAIN_UNAVAILABLE).
 */
export async function runKeyCommand(argv: string[], io: CliIo, deps: KeyCommandDeps = {}): Promise<number> {
  let args: KeyArgs
  try {
    args = parseArgs(argv)
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${USAGE}`)
    return EXIT.usage
  }
  if (args.action === 'help') {
    io.stdout.write(USAGE)
    return EXIT.ok
  }

  try {
    const baseUrl = await serviceBaseUrl(args.baseUrl, 'key', io)
    const vault = new KeyVault(deps.keychain === undefined ? new KeytarSecretStore() : deps.keychain)
    await vault.init()
    const unavailable = (doing: string) => {
      const reason = vault.status(baseUrl).keychainProblem ?? 'the system keychain is not available'
      io.stderr.write(`Cannot ${doing}: ${reason}\n`)
      return EXIT_KEYCHAIN_UNAVAILABLE
    }

    switch (args.action) {
      case 'status': {
        await vault.get(baseUrl)
        const status = vault.status(baseUrl)
        io.stdout.write(`${describeStatus(baseUrl, status)}\n`)
        if (!status.keychainAvailable)
          io.stdout.write(`The system keychain is not available: ${status.keychainProblem}\n`)
        if (io.env[API_KEY_ENV])
          io.stdout.write(`${API_KEY_ENV} is set: the commands send it, not the keychain's key.\n`)
        return EXIT.ok
      }
      case 'set': {
        // Checked before reading the key, so nobody pastes a key that then goes nowhere.
        if (!vault.status(baseUrl).keychainAvailable) return unavailable('store the key')
        const status = await vault.set(baseUrl, await readKey(io))
        // The keychain failed while storing: the key was held only by this process, which now ends.
        if (status.storage !== 'keychain') return unavailable('store the key')
        io.stdout.write(`Stored. ${describeStatus(baseUrl, status)}\n`)
        return EXIT.ok
      }
      case 'clear': {
        if (!vault.status(baseUrl).keychainAvailable) return unavailable('clear the key')
        await vault.clear(baseUrl)
        io.stdout.write(`${baseUrl}: key removed (if one was stored).\n`)
        return EXIT.ok
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n`)
      return EXIT.usage
    }
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    return EXIT.failed
  }
}
