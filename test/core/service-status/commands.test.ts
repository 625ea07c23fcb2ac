import { describe, expect, it } from 'vitest'
import { serviceStatusCommands } from '../../../src/main/core/service-status/commands'
import {
  DIVIDENDS_COLUMN_MAX_AGE_MS,
  DIVIDENDS_DETAIL_MAX_AGE_MS,
  type ServiceStatusLink,
} from '../../../src/main/core/service-status/service-status-link'

/** The service-status commands hand each ask to the link with the right age: nothing else of theirs. */

function commandsOverRecordingLink() {
  const calls: string[] = []
  const service = {
    refreshCapacity: () => calls.push('refreshCapacity'),
    dividends: async (symbol: string, maxAgeMs: number) => {
      calls.push(`dividends ${symbol} ${maxAgeMs}`)
      return { symbol, available: true, dividends: null, problem: null }
    },
  } as unknown as ServiceStatusLink
  return { commands: serviceStatusCommands({ service }), calls }
}

describe('serviceStatusCommands', () => {
  it('refreshCapacity asks the link to refresh and answers null', async () => {
    const { commands, calls } = commandsOverRecordingLink()
    expect(await commands.refreshCapacity(undefined as never)).toBeNull()
    expect(calls).toEqual(['refreshCapacity'])
  })

  it("getDividends reads the detail's a minute old at most, the yield column's a day", async () => {
    const { commands, calls } = commandsOverRecordingLink()
    await commands.getDividends({ symbol: 'XOMon', purpose: 'detail' })
    await commands.getDividends({ symbol: 'CVXon', purpose: 'column' })
    expect(calls).toEqual([
      `dividends XOMon ${DIVIDENDS_DETAIL_MAX_AGE_MS}`,
      `dividends CVXon ${DIVIDENDS_COLUMN_MAX_AGE_MS}`,
    ])
  })
})
