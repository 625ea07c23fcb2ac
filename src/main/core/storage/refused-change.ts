import type { IpcError } from '../../../shared/ipc-contract'

/**
 * A change a file-backed store (settings, alerts, the ledger) refused: input no file could take
 * (`invalid-argument`), a rule of the file as it is (`failed`: a name in use, a sell larger than
 * its holding) or no such entry (`not-found`). Never a failed write: callers tell the two apart
 * by this class, and the IPC dispatch passes `code` on as the contract's own code.
 */
export class RefusedChange extends Error {
  override readonly name = 'RefusedChange'
  constructor(
    readonly code: Exclude<IpcError['code'], 'unavailable'>,
    message: string,
  ) {
    super(message)
  }
}
