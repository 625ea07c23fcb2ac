import { updateListView } from '../api'
import { ALL_COLUMNS } from './columns'
import { showToast } from '../store/toast-store'
import { announce, shownList, watchStore } from '../store/watch-store'

/**
 * Rows of a list sorted by a column cannot be moved by hand (their place is the sort's). A move
 * asked then, by keyboard or by dragging, says so where the eye is, and offers to clear the sort.
 */
export function explainSortedRows(): void {
  const sort = shownList(watchStore.getState())?.sort
  if (!sort) return
  const column = ALL_COLUMNS.find((definition) => definition.id === sort.column)?.title ?? sort.column
  const text = `The list is sorted by ${column}: clear the sort to move rows by hand.`
  showToast({
    tone: 'info',
    title: 'Rows follow the sort',
    text,
    action: { label: 'Clear sort', run: () => void updateListView({ sort: null }), repeatable: true },
  })
  announce(text)
}
