import type { Settings } from '../../../shared/settings'
import { type DeletedList, findList } from '../storage/settings-file'
import { RefusedChange } from '../storage/refused-change'
import type { SomeCommandHandlers } from '../command-handlers'
import { type TransferCommand, type TransferCommandContext, transferCommands } from './transfer-commands'

/**
 * What the lists' commands use: the transfers' parts, and the alerts of a removed symbol, deleted
 * by the app (no room imports another capability's).
 */
export interface ListCommandContext extends TransferCommandContext {
  /** Deletes a symbol's alerts (the symbol was removed with them). */
  removeAlertsOf(symbol: string): Promise<void>
}

type ListCommand =
  | 'addSymbol'
  | 'removeSymbol'
  | 'moveSymbol'
  | 'createList'
  | 'renameList'
  | 'moveList'
  | 'deleteList'
  | 'restoreList'
  | 'setActiveList'
  | 'updateList'

/** The watchlists and their symbols. Every change answers with what changed and is told at once. */
export function listCommands(
  context: ListCommandContext,
): SomeCommandHandlers<ListCommand | TransferCommand> {
  const { settings, listsChanged, removeAlertsOf } = context
  /** Lists deleted in this run, by id, so that Undo can put them back. */
  const deletedLists = new Map<string, DeletedList>()
  /** A symbol command answers with the symbols of the list it changed. */
  const symbolsOf = (after: Settings, listId: string | undefined) => {
    listsChanged(after)
    return findList(after, listId).symbols
  }
  return {
    ...transferCommands(context),
    addSymbol: async ({ symbol, listId }) => symbolsOf(await settings.addSymbol(symbol, listId), listId),
    removeSymbol: async ({ symbol, listId, deleteAlerts }) => {
      const after = await settings.removeSymbol(symbol, listId)
      if (deleteAlerts) await removeAlertsOf(symbol)
      return symbolsOf(after, listId)
    },
    moveSymbol: async ({ symbol, toIndex, listId }) =>
      symbolsOf(await settings.moveSymbol(symbol, toIndex, listId), listId),
    createList: async ({ name, symbols }) => listsChanged(await settings.createList(name, symbols)),
    renameList: async ({ listId, name }) => listsChanged(await settings.renameList(listId, name)),
    moveList: async ({ listId, toIndex }) => listsChanged(await settings.moveList(listId, toIndex)),
    deleteList: async ({ listId }) => {
      const { settings: after, deleted } = await settings.deleteList(listId)
      deletedLists.set(deleted.list.id, deleted)
      return listsChanged(after)
    },
    restoreList: async ({ listId }) => {
      const deleted = deletedLists.get(listId)
      if (!deleted) throw new RefusedChange('not-found', 'That watchlist can no longer be restored')
      const after = await settings.restoreList(deleted)
      deletedLists.delete(listId)
      return listsChanged(after)
    },
    setActiveList: async ({ listId }) => listsChanged(await settings.setActiveList(listId)),
    updateList: async ({ listId, ...view }) => listsChanged(await settings.updateList(listId, view)),
  }
}
