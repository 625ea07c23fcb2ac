import type { SomeCommandHandlers } from '../command-handlers'
import {
  DIVIDENDS_COLUMN_MAX_AGE_MS,
  DIVIDENDS_DETAIL_MAX_AGE_MS,
  type ServiceStatusLink,
} from './service-status-link'

/** What the service's status commands use: the link that polls it beside the prices. */
export interface ServiceStatusCommandContext {
  service: ServiceStatusLink
}

type ServiceStatusCommand = 'setDetailOpen' | 'refreshCapacity' | 'getDividends'

/** What the detail panel and the yield column ask of the service beyond the spec. */
export function serviceStatusCommands({
  service,
}: ServiceStatusCommandContext): SomeCommandHandlers<ServiceStatusCommand> {
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
