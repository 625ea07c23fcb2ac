import type { TransactionInput } from '../../src/shared/holdings'

/**
 * The ledger the holdings tests and screenshots enter: two listed tokens, one partly sold, and a delisted
 * one.
 */
export const HOLDINGS_LEDGER: TransactionInput[] = [
  {
    time: '2026-11-16T10:00:00-05:00',
    symbol: 'AAPLon',
    side: 'buy',
    quantity: '12.5',
    price: '150',
    fee: '1',
  },
  {
    time: '2026-11-16T10:05:00-05:00',
    symbol: 'NVDAon',
    side: 'buy',
    quantity: '40',
    price: '95.5',
    fee: '0',
  },
  {
    time: '2026-11-16T11:00:00-05:00',
    symbol: 'NVDAon',
    side: 'sell',
    quantity: '10',
    price: '99',
    fee: '0.5',
  },
  // A token the service does not list (delisted): kept at its cost, with why it has no value.
  { time: '2026-11-16T12:00:00-05:00', symbol: 'GONEon', side: 'buy', quantity: '3', price: '20', fee: '0' },
]
