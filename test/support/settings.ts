import { DEFAULT_SETTINGS, type Settings } from '../../src/shared/settings'
import { activeList } from '../../src/shared/watchlists'

/** The default settings with the (first) list holding `watchlist`, and other fields as given. */
export function settingsWith({
  watchlist,
  ...rest
}: Partial<Settings> & { watchlist?: string[] } = {}): Settings {
  const settings = { ...structuredClone(DEFAULT_SETTINGS), ...rest }
  if (!watchlist) return settings
  const [first, ...others] = settings.lists
  return { ...settings, lists: [{ ...first!, symbols: watchlist }, ...others] }
}

/** The shown list's symbols. */
export function shownSymbols(settings: Pick<Settings, 'lists' | 'activeListId'>): string[] {
  return activeList(settings).symbols
}
