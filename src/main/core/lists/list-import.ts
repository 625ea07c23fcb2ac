import {
  type ExportedListImport,
  type ImportProblem,
  partitionByListing,
} from '../../../shared/export-format'
import type { ImportResult } from '../../../shared/transfer'
import { listNameSchema, type Settings } from '../../../shared/settings'
import { activeList, listNamed } from '../../../shared/watchlists'
import { describeSchemaIssues } from '../storage/json-file'
import { findList, type SettingsFile } from '../storage/settings-file'
import { RefusedChange } from '../storage/refused-change'

/**
 * Imports every watchlist of a Tokenwatch export that carries several: each goes into the
 * watchlist of the same name (adding what it lacks) or, where there is none, into a new one by
 * that name. The shown list stays shown. A list that cannot be imported (a name too long, no room
 * for another list, a full list) is reported with why; the others still come in.
 */
export async function importListsInto(
  store: SettingsFile,
  exported: { lists: readonly ExportedListImport[]; problems: readonly ImportProblem[] },
  listed: ReadonlySet<string>,
): Promise<{ settings: Settings; result: ImportResult }> {
  const shownId = store.get().activeListId
  const result: Omit<ImportResult, 'watchlist'> = {
    added: [],
    alreadyPresent: [],
    unknown: [],
    invalid: exported.problems.map((problem) => ({
      ...problem,
      input: `watchlist ${problem.line}: ${problem.input}`,
    })),
    duplicates: [],
    readings: [],
    suggestions: [],
    listId: shownId,
    lists: [],
  }
  let settings = store.get()
  for (const { name, position, parsed } of exported.lists) {
    const inList = (input: string) => `${name}: ${input}`
    const notImported = (reason: string) =>
      result.invalid.push({
        line: position,
        input: `watchlist "${name}"`,
        reason: `not imported: ${reason}`,
      })
    result.invalid.push(...parsed.invalid.map((problem) => ({ ...problem, input: inList(problem.input) })))
    for (const [from, into] of [
      [parsed.duplicates, result.duplicates],
      [parsed.readings ?? [], result.readings ?? []],
      [parsed.suggestions ?? [], result.suggestions ?? []],
    ] as const)
      into.push(...from.map((entry) => ({ ...entry, input: inList(entry.input) })))
    const { known, unknown } = partitionByListing(parsed.symbols, listed)
    const existing = listNamed(settings, name)
    const present = new Set(existing?.symbols)
    const toAdd = known.filter((symbol) => !present.has(symbol))
    const checkedName = listNameSchema.safeParse(name)
    if (!checkedName.success) {
      notImported(describeSchemaIssues(checkedName.error))
      continue
    }
    try {
      settings = existing
        ? await store.addSymbols(toAdd, existing.id)
        : await store.createList(checkedName.data, toAdd)
    } catch (error) {
      if (!(error instanceof RefusedChange)) throw error
      notImported(error.message)
      continue
    }
    // A list created is made the shown one (put back after the loop).
    const imported = existing ?? activeList(settings)
    const alreadyPresent = known.filter((symbol) => present.has(symbol))
    result.lists?.push({
      name,
      listId: imported.id,
      created: !existing,
      added: toAdd,
      alreadyPresent,
      unknown,
    })
    result.added.push(...toAdd.filter((symbol) => !result.added.includes(symbol)))
    result.alreadyPresent.push(...alreadyPresent.filter((symbol) => !result.alreadyPresent.includes(symbol)))
    result.unknown.push(...unknown.filter((symbol) => !result.unknown.includes(symbol)))
  }
  // A new list is made the shown one; an import keeps the list the person was looking at.
  settings = await store.setActiveList(shownId)
  return { settings, result: { ...result, watchlist: findList(settings, shownId).symbols } }
}
