import { CliArgsError, SIM_USAGE, parseSimArgs } from '../sim/server/cli-args'
import { startSimServer } from '../sim/server/server'
import { type CliIo, EXIT, untilSignal } from './io'

/**
 * `tokenwatch sim --port P --api-key K ...`: the simulated API until stopped. Same flags and the
 * same one start line (`listening on http://127.0.0.1:P`) as `npm run sim`.
 */

export interface SimCommandDeps {
  /** Resolves when the server should stop. Default: on SIGINT or SIGTERM. */
  untilStopped?: () => Promise<void>
}

export async function runSimCommand(argv: string[], io: CliIo, deps: SimCommandDeps = {}): Promise<number> {
  let command
  try {
    command = parseSimArgs(argv)
  } catch (error) {
    if (!(error instanceof CliArgsError)) throw error
    io.stderr.write(`tokenwatch sim: ${error.message} (see tokenwatch sim --help)\n`)
    return EXIT.usage
  }
  if (command.kind === 'help') {
    io.stdout.write(`${SIM_USAGE}\n`)
    return EXIT.ok
  }
  const server = await startSimServer(command.options)
  io.stdout.write(`listening on ${server.url}\n`)
  // On stderr, so that scripts reading the URL from the first line of stdout are unchanged.
  if (server.grpcAddress) io.stderr.write(`streams (gRPC, plaintext) on ${server.grpcAddress}\n`)
  await (deps.untilStopped ?? untilSignal)()
  await server.close()
  return EXIT.ok
}
