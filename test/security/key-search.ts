import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Looking for an API key where it must not be: every form in which it could leak (whole, all but
 * the last four characters the app may show, in lower or upper case as a word the app normalises,
 * base64 as in a Basic header, URL-encoded), in text
 * collected from one place of the app, with a tally per place for the printed table.
 */

export function leakForms(key: string): string[] {
  const shown = key.slice(0, -4)
  return [
    shown,
    shown.toLowerCase(),
    shown.toUpperCase(),
    Buffer.from(key).toString('base64'),
    encodeURIComponent(key),
  ]
}

export interface Place {
  place: string
  /** How many texts (files, lines, messages, requests) were searched. */
  searched: number
  hits: number
  /** Where the hits were, for the failure message. */
  where: string[]
}

export class KeySearch {
  readonly places: Place[] = []
  private readonly forms: string[]

  constructor(key: string) {
    this.forms = leakForms(key)
  }

  /** Searches `texts` (each with a label) and records the place; returns its hits. */
  search(place: string, texts: ReadonlyArray<[label: string, text: string]>): Place {
    const found: Place = { place, searched: texts.length, hits: 0, where: [] }
    for (const [label, text] of texts) {
      if (this.forms.some((form) => text.includes(form))) {
        found.hits += 1
        found.where.push(label)
      }
    }
    this.places.push(found)
    return found
  }
}

/** Every file under `dir` (recursively), read as Latin-1 so any byte sequence is searchable. */
export function filesUnder(dir: string): Array<[string, string]> {
  return readdirSync(dir).flatMap((name): Array<[string, string]> => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [[path, readFileSync(path, 'latin1')]]
  })
}

/** Captures whatever is logged or written to stdout/stderr until `stop()`; passes it through. */
export function captureOutput(): { lines: string[]; stop(): void } {
  const lines: string[] = []
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const
  const originals = methods.map((method) => console[method])
  methods.forEach((method, i) => {
    console[method] = (...args: unknown[]) => {
      lines.push(args.map((arg) => (typeof arg === 'string' ? arg : safeJson(arg))).join(' '))
      ;(originals[i] as (...a: unknown[]) => void)(...args)
    }
  })
  const streams = [process.stdout, process.stderr]
  const writes = streams.map((stream) => stream.write.bind(stream))
  streams.forEach((stream, i) => {
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      lines.push(String(chunk))
      return (writes[i] as (...a: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof stream.write
  })
  return {
    lines,
    stop() {
      methods.forEach((method, i) => (console[method] = originals[i] as never))
      streams.forEach((stream, i) => (stream.write = writes[i] as never))
    },
  }
}

function safeJson(value: unknown): string {
  try {
    return value instanceof Error ? `${value.stack ?? value.message}` : JSON.stringify(value)
  } catch {
    return String(value)
  }
}
