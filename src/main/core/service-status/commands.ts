import type { SomeCommandHandlers } from '../app/dispatch'
import { DIVIDENDS_COLUMN_MAX_AGE_MS, DIVIDENDS_DETAIL_MAX_AGE_MS } from './service-status-link'
import type { CommandContext } from '../app/commands/command-context'

type ServiceStatusCommand = 'setDetailOpen' | 'refreshCapacity' | 'getDividends'

/** What the detail panel and the yield column ask of the service beyond the spec. */
export function serviceStatusCommands({
  service,
}: CommandContext): SomeCommandHandlers<ServiceStatusCommand> {
  return {
    setDetailOpen: async ({ symbol }) => service.openDetail(symbol),
    refreshCapacity: async () => {
      service.refreshCapacity()
      return null
    },
    getDividends: async ({ symbol, purpose }) =>
      service.dividends(
        symbol,
        purpose === 'detail' ? DIVIDENDS_DETAIL_MAX_AGE_MS : DIVIDENDS_COLUMN_MAX_AGE_MS,
      ),
  }
}
