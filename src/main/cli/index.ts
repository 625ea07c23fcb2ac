import { EXIT } from './io'
import { runCli } from './run-cli'

/** The `tokenwatch` command line (npm run cli -- <command>): real process streams, real exit code. */

runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
}).then(
  (code) => {
    // exitCode rather than exit(): stdout is flushed before the process ends.
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(
      `tokenwatch: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exitCode = EXIT.failed
  },
)
