import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Start-up that cannot fail silently. A failure while starting (the core, the window, the tray)
 * used to leave an invisible process holding the single-instance lock, so every later launch did
 * nothing. Now it shows what failed and where the app's files are, and the process exits non-zero.
 */

export interface StartupStep {
  /** What is being done, as it reads after "while": "loading your settings and starting updates". */
  what: string
  run: () => unknown
}

/** The part of Electron the report needs: `dialog.showErrorBox` and `app.exit`. */
export interface StartupFailureReport {
  showErrorBox(title: string, content: string): void
  exit(code: number): void
}

export const STARTUP_FAILED_EXIT_CODE = 1

export function startupFailureMessage(
  what: string,
  error: unknown,
  filesDir: string,
): { title: string; content: string } {
  const reason = error instanceof Error ? error.message : String(error)
  return {
    title: 'Tokenwatch could not start',
    content: [
      `Tokenwatch stopped while ${what}:`,
      reason,
      '',
      'Your settings, alerts and saved prices are in this folder:',
      filesDir,
      '',
      'Check that the folder exists and that you can write to it, then start Tokenwatch again.',
    ].join('\n'),
  }
}

/** Shows what failed and where the files are, then exits non-zero. */
export function reportStartupFailure(
  what: string,
  error: unknown,
  filesDir: string,
  report: StartupFailureReport,
): void {
  const message = startupFailureMessage(what, error, filesDir)
  console.error(`${message.title}: ${message.content}`)
  try {
    report.showErrorBox(message.title, message.content)
  } finally {
    report.exit(STARTUP_FAILED_EXIT_CODE)
  }
}

/**
 * Makes the user data folder if needed and checks that a file can be written in it; returns why
 * not, or null. Checked before the single-instance lock: Electron keeps that lock in this folder
 * and refuses it when the folder cannot be written, and the app would then quit as if another
 * copy were running, silently.
 */
export function userDataFolderProblem(dir: string): Error | null {
  const probe = join(dir, `.write-check-${process.pid}`)
  try {
    mkdirSync(dir, { recursive: true })
    writeFileSync(probe, '')
    rmSync(probe, { force: true })
    return null
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}

/** Runs the steps in order; on the first failure reports it and exits. Resolves true when all ran. */
export async function runStartup(
  steps: readonly StartupStep[],
  filesDir: string,
  report: StartupFailureReport,
): Promise<boolean> {
  for (const step of steps) {
    try {
      await step.run()
    } catch (error) {
      reportStartupFailure(step.what, error, filesDir, report)
      return false
    }
  }
  return true
}
