import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { z } from 'zod'
import {
  FIRING_KINDS,
  type Alert,
  type AlertFiring,
  type AlertLogEntry,
  alertIdSchema,
  alertInputSchema,
  alertListSchema,
} from '../../../shared/alerts'
import { MAX_ALERTS } from '../../../shared/alert-limits'
import { MAX_LOG_ENTRIES } from '../../../shared/alert-limits'
import { isDecimalString } from '../../../shared/decimal'
import { RefusedChange } from '../storage/refused-change'
import { describeSchemaIssues, JsonFile, type JsonFileProblem } from '../storage/json-file'

/**
 * The person's alerts (`alerts.json`) and the in-app log of alerts that fired (`alert-log.json`),
 * both in the user data folder.
 *
 * What is *not* kept: the engine's state (last side of each level, last firing time). That stays
 * in memory with whoever calls `evaluateAlerts`, on purpose: after a restart the first
 * observation of every alert never fires, so crossings that happened while the app was closed (or
 * that the last run already reported) are not announced as news. A cooldown therefore restarts
 * with the app, which at worst lets one alert fire again after a restart.
 */

export const ALERTS_FILE_NAME = 'alerts.json'
export const ALERT_LOG_FILE_NAME = 'alert-log.json'

export interface AlertsFileOptions {
  now?: () => number
  /** Makes the id of a new alert. */
  newId?: () => string
}

/** One sentence on a file problem, for the status bar: `what` is "alerts" or "alert log". */
function describeFileProblem(what: string, problem: JsonFileProblem): string {
  if (problem.movedTo)
    return `Your ${what} file was unreadable and was moved aside to ${problem.movedTo}; it starts empty.`
  if (problem.kind === 'unreadable')
    return `Your ${what} file could not be read (${problem.message}); changes are not saved.`
  return `Your ${what} file could not be used (${problem.message}).`
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

const alertsFileSchema = z.object({ version: z.literal(1), alerts: alertListSchema })
type AlertsFileContent = z.output<typeof alertsFileSchema>

function checkInput(input: unknown) {
  const checked = alertInputSchema.safeParse(input)
  if (!checked.success)
    throw new RefusedChange('invalid-argument', `Alert not saved: ${describeSchemaIssues(checked.error)}`)
  return checked.data
}

function indexOfAlert(alerts: readonly Alert[], id: string): number {
  const index = alerts.findIndex((alert) => alert.id === id)
  if (index < 0) throw new RefusedChange('not-found', 'That alert no longer exists')
  return index
}

/**
 * The saved alerts. Every change validates its input, is a locked read-modify-write of the file,
 * and returns the new list (in creation order).
 */
export class AlertsFile {
  private readonly file: JsonFile<AlertsFileContent>
  private readonly now: () => number
  private readonly newId: () => string
  private current: Alert[] = []
  private readProblem: string | null = null
  private writeProblem: string | null = null

  constructor(userDataDir: string, options: AlertsFileOptions = {}) {
    this.now = options.now ?? Date.now
    this.newId = options.newId ?? randomUUID
    this.file = new JsonFile(
      path.join(userDataDir, ALERTS_FILE_NAME),
      alertsFileSchema,
      () => ({ version: 1 as const, alerts: [] }),
      {
        now: () => new Date(this.now()),
        onProblem: (problem) => {
          // A failed save is the writer's to report (and to clear once a save succeeds).
          if (problem.kind !== 'write-failed') this.readProblem = describeFileProblem('alerts', problem)
        },
      },
    )
  }

  get filePath(): string {
    return this.file.path
  }

  async load(): Promise<Alert[]> {
    this.readProblem = null
    this.current = (await this.file.read()).value.alerts
    return this.current
  }

  /** The alerts as last loaded or saved. */
  list(): Alert[] {
    return this.current
  }

  /** What went wrong with the alerts file, in plain words, or null. */
  problem(): string | null {
    return this.writeProblem ?? this.readProblem
  }

  async create(input: unknown): Promise<Alert[]> {
    const checked = checkInput(input)
    return this.change((alerts) => {
      if (alerts.length >= MAX_ALERTS)
        throw new RefusedChange(
          'invalid-argument',
          `You have ${MAX_ALERTS} alerts, the most there can be; delete one first`,
        )
      return [...alerts, { ...checked, id: this.newId(), createdAt: this.now() }]
    })
  }

  /** Replaces everything but the id and creation time. */
  async update(id: string, input: unknown): Promise<Alert[]> {
    const checked = checkInput(input)
    return this.change((alerts) => {
      const index = indexOfAlert(alerts, id)
      const { id: keptId, createdAt } = alerts[index] as Alert
      return alerts.with(index, { ...checked, id: keptId, createdAt })
    })
  }

  setEnabled(id: string, enabled: boolean): Promise<Alert[]> {
    return this.change((alerts) => {
      const index = indexOfAlert(alerts, id)
      return alerts.with(index, { ...(alerts[index] as Alert), enabled })
    })
  }

  remove(id: string): Promise<Alert[]> {
    return this.change((alerts) => {
      const index = indexOfAlert(alerts, id)
      return alerts.filter((_, i) => i !== index)
    })
  }

  /** Removes every alert on `symbol` (none there is no error). */
  removeForSymbol(symbol: string): Promise<Alert[]> {
    return this.change((alerts) => alerts.filter((alert) => alert.symbol !== symbol))
  }

  private async change(mutate: (alerts: Alert[]) => Alert[]): Promise<Alert[]> {
    let saved: AlertsFileContent
    try {
      saved = await this.file.update((current) => ({ version: 1, alerts: mutate(current.alerts) }))
    } catch (error) {
      if (!(error instanceof RefusedChange))
        this.writeProblem = `Your alerts could not be saved: ${errorMessage(error)}`
      throw error
    }
    this.writeProblem = null
    this.current = saved.alerts
    return saved.alerts
  }
}

// ---------------------------------------------------------------------------------------------
// The alert log

const alertLogEntrySchema = z.object({
  alertId: alertIdSchema,
  symbol: z.string().max(40),
  kind: z.enum(FIRING_KINDS),
  message: z.string().max(1000),
  value: z.string().refine(isDecimalString, { message: 'not a decimal string' }).nullable(),
  at: z.number().int().nonnegative(),
  sound: z.boolean(),
  note: z.string().max(1000).optional(),
  read: z.boolean(),
})

const alertLogFileSchema = z.object({
  version: z.literal(1),
  entries: z.array(alertLogEntrySchema).max(MAX_LOG_ENTRIES),
})
type AlertLogFile = z.output<typeof alertLogFileSchema>

/**
 * The last MAX_LOG_ENTRIES alerts that fired, newest first, with a read flag for the unread dot.
 * Held in memory and written through to disk after each change. Only the app writes it, so the
 * writes are queued here rather than locked; each writes the whole log as it was when queued.
 */
export class AlertLog {
  private readonly file: JsonFile<AlertLogFile>
  private current: AlertLogEntry[] = []
  private pendingWrites: Promise<void> = Promise.resolve()
  private readProblem: string | null = null
  private writeProblem: string | null = null

  constructor(userDataDir: string, options: { now?: () => number } = {}) {
    const now = options.now ?? Date.now
    this.file = new JsonFile(
      path.join(userDataDir, ALERT_LOG_FILE_NAME),
      alertLogFileSchema,
      () => ({ version: 1 as const, entries: [] }),
      {
        now: () => new Date(now()),
        onProblem: (problem) => {
          // A failed save is the writer's to report (and to clear once a save succeeds).
          if (problem.kind !== 'write-failed') this.readProblem = describeFileProblem('alert log', problem)
        },
      },
    )
  }

  async load(): Promise<AlertLogEntry[]> {
    this.readProblem = null
    this.current = (await this.file.read()).value.entries
    return this.current
  }

  /** Newest first. */
  entries(): AlertLogEntry[] {
    return this.current
  }

  unreadCount(): number {
    return this.current.reduce((count, entry) => (entry.read ? count : count + 1), 0)
  }

  problem(): string | null {
    return this.writeProblem ?? this.readProblem
  }

  /**
   * Logs firings as unread (pass one evaluation's `fired` at once for a single write). The log in
   * memory changes at once; the promise settles when the file is written and rejects if it
   * could not be, with `problem()` saying so.
   */
  append(...firings: AlertFiring[]): Promise<AlertLogEntry[]> {
    if (firings.length === 0) return Promise.resolve(this.current)
    // Firings arrive oldest first; the log is newest first.
    const added = firings.map((firing) => ({ ...firing, read: false })).reverse()
    return this.replace([...added, ...this.current].slice(0, MAX_LOG_ENTRIES))
  }

  markAllRead(): Promise<AlertLogEntry[]> {
    if (this.unreadCount() === 0) return Promise.resolve(this.current)
    return this.replace(this.current.map((entry) => (entry.read ? entry : { ...entry, read: true })))
  }

  private async replace(entries: AlertLogEntry[]): Promise<AlertLogEntry[]> {
    this.current = entries
    const write = this.pendingWrites.then(() => this.file.write({ version: 1, entries }))
    this.pendingWrites = write.catch(() => {
      // Reported below to the caller of this write; the next write tries again with the whole log.
    })
    try {
      await write
      this.writeProblem = null
    } catch (error) {
      this.writeProblem = `The alert log could not be saved: ${errorMessage(error)}`
      throw error
    }
    return entries
  }
}
