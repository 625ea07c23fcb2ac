import { runKeyCommand } from '../../../src/main/cli/key-command'
import type { SecretStore } from '../../../src/main/core/secrets/secret-store'
import { memoryIo } from '../../cli/memory-io'

/** A keychain that fails every call the way keytar does on a machine without a desktop session. */
export class BrokenKeychain implements SecretStore {
  readonly kind = 'keychain' as const
  calls = 0
  constructor(private readonly message = 'Cannot autolaunch D-Bus without X11 $DISPLAY') {}
  private fail(): never {
    this.calls += 1
    throw new Error(this.message)
  }
  async get(): Promise<string | null> {
    return this.fail()
  }
  async set(): Promise<void> {
    this.fail()
  }
  async delete(): Promise<boolean> {
    return this.fail()
  }
}

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs `tokenwatch key ...` in-process, with `stdin` (text or a stream) and the user data in `userDataDir`.
 */
export async function runKeyCli(
  argv: string[],
  options: { userDataDir: string; keychain: SecretStore | null; stdin?: NodeJS.ReadableStream | string },
): Promise<CliRun> {
  const { stdin = '' } = options
  const memory = memoryIo(
    { TOKENWATCH_USER_DATA: options.userDataDir },
    typeof stdin === 'string' ? stdin : '',
  )
  const io = typeof stdin === 'string' ? memory.io : { ...memory.io, stdin }
  const code = await runKeyCommand(argv, io, { keychain: options.keychain })
  return { code, stdout: memory.stdout(), stderr: memory.stderr() }
}
