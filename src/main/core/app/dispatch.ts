import {
  type InvokeName,
  type InvokeParsedArgs,
  type InvokeResult,
  type IpcError,
  type IpcResult,
  invokeContract,
} from '../../../shared/ipc-contract'
import { ApiError } from '../api/api-errors'
import { RefusedChange } from '../storage/refused-change'
import type { CommandHandlers } from '../command-handlers'

/**
 * One contract channel, as every caller (the shell's IPC, the CLI, the tests' harness) reaches the
 * core: the raw arguments are checked against the channel's own schema (callers are untrusted),
 * the handler runs, and whatever happens comes back as a value, never as a throw.
 */
export async function dispatch<N extends InvokeName>(
  handlers: CommandHandlers,
  name: N,
  rawArgs: unknown,
): Promise<IpcResult<InvokeResult<N>>> {
  const entry = Object.hasOwn(invokeContract, name) ? invokeContract[name] : undefined
  if (!entry) return fail('invalid-argument', `unknown command "${String(name).slice(0, 40)}"`)
  const parsed = entry.args.safeParse(rawArgs)
  if (!parsed.success) {
    // The message is shown as it is (under the key field, beside a list's name), so the refused
    // argument travels apart from it.
    const issue = parsed.error.issues[0]
    const field = issue && issue.path.length > 0 ? { field: issue.path.join('.') } : {}
    return {
      ok: false,
      error: { code: 'invalid-argument', message: issue?.message ?? 'invalid arguments', ...field },
    }
  }
  try {
    // The schema just checked is this channel's own, so its output is this handler's argument.
    const handler: CommandHandlers[N] = handlers[name]
    return { ok: true, value: await handler(parsed.data as InvokeParsedArgs<N>) }
  } catch (error) {
    return { ok: false, error: toIpcError(error) }
  }
}

function fail(code: IpcError['code'], message: string): IpcResult<never> {
  return { ok: false, error: { code, message } }
}

function toIpcError(error: unknown): IpcError {
  if (error instanceof ApiError)
    return { code: error.kind === 'not-found' ? 'not-found' : 'unavailable', message: error.message }
  if (error instanceof RefusedChange) return { code: error.code, message: error.message }
  return { code: 'failed', message: error instanceof Error ? error.message : String(error) }
}
