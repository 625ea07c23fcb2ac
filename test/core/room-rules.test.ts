import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CORE_ROOMS } from '../../eslint.config.mjs'

/**
 * docs/architecture.md's room table and the lint's room rules (CORE_ROOMS in eslint.config.mjs)
 * state the same arrows, and every folder of src/main/core is a room of both: a room added, or an
 * arrow allowed, in one place and not the other fails here.
 */

const ROOT = join(__dirname, '../..')
const MARKER = '<!-- room-table:'

/** The rows of the table after the marker: room -> the rooms it may import. */
function docRooms(markdown: string): Map<string, string[]> {
  const afterMarker = markdown.slice(markdown.indexOf(MARKER)).split('\n').slice(1)
  // The formatter keeps a blank line between the marker (an HTML comment) and the table.
  const lines = afterMarker.slice(afterMarker.findIndex((line) => line.startsWith('|')))
  const rows = lines.slice(
    2,
    lines.findIndex((line, index) => index > 0 && !line.startsWith('|')),
  )
  return new Map(
    rows.map((row) => {
      const cells = row.split('|').map((cell) => cell.trim())
      const names = (cell: string) => [...cell.matchAll(/`([a-z-]+)\/`/g)].map((match) => match[1] as string)
      return [names(cells[1] ?? '')[0] ?? '', names(cells[3] ?? '').sort()]
    }),
  )
}

const lintRooms = new Map(
  Object.entries(CORE_ROOMS).map(([glob, allowed]) => [glob.replace('/**/*.ts', ''), [...allowed].sort()]),
)

describe('the room table of docs/architecture.md and the lint rules', () => {
  const doc = docRooms(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'))

  it('the doc has a room table after its marker', () => {
    expect(doc.size).toBeGreaterThan(5)
  })

  it('name the same rooms, each allowed the same imports', () => {
    expect(Object.fromEntries(doc)).toEqual(Object.fromEntries(lintRooms))
  })

  it('cover every folder of src/main/core', () => {
    const folders = readdirSync(join(ROOT, 'src/main/core'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
    expect([...lintRooms.keys()].sort()).toEqual(folders)
  })

  it('keep the leaves leaves and app out of every room', () => {
    for (const leaf of ['api', 'storage', 'secrets']) expect(lintRooms.get(leaf)).toEqual([])
    for (const [room, allowed] of lintRooms) if (room !== 'app') expect(allowed).not.toContain('app')
  })
})
