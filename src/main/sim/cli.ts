import { CliArgsError, SIM_USAGE, parseSimArgs } from './cli-args'
import { startSimServer } from './server'

/**
 * `npm run sim -- --port P --api-key K ...`: the simulated API as a process. Prints exactly one
 * line on start (`listening on http://127.0.0.1:P`), which scripts wait for; bad flags get one
 * line on stderr and exit code 2.
 */

async function main(): Promise<void> {
  let command
  try {
    command = parseSimArgs(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof CliArgsError)) throw error
    process.stderr.write(`sim: ${error.message} (see --help)\n`)
    process.exit(2)
  }
  if (command.kind === 'help') {
    process.stdout.write(`${SIM_USAGE}\n`)
    return
  }
  const server = await startSimServer(command.options)
  process.stdout.write(`listening on ${server.url}\n`)
  const stop = (): void => {
    void server.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`sim: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
