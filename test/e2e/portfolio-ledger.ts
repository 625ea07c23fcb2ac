import type { TransactionInput } from '../../src/shared/holdings'

/**
 * The ledger the portfolio chart's tests and screenshots enter (issue #49): two tokens bought over
 * six weeks, one partly sold at a loss-making price and one moved out to a wallet, at figures a
 * trader types.
 */
export const PORTFOLIO_LEDGER: TransactionInput[] = [
  {
    time: '2026-10-06T10:15:00-04:00',
    symbol: 'AAPLon',
    side: 'buy',
    quantity: '3.5',
    price: '120.20',
    fee: '0.35',
  },
  {
    time: '2026-10-14T11:30:00-04:00',
    symbol: 'NVDAon',
    side: 'buy',
    quantity: '12.25',
    price: '100.10',
    fee: '0.50',
  },
  {
    time: '2026-10-28T14:05:00-04:00',
    symbol: 'AAPLon',
    side: 'buy',
    quantity: '2',
    price: '118.45',
    fee: '0.25',
  },
  {
    time: '2026-11-09T10:40:00-05:00',
    symbol: 'NVDAon',
    side: 'sell',
    quantity: '4.75',
    price: '97.30',
    fee: '0.40',
  },
  {
    time: '2026-11-12T12:00:00-05:00',
    symbol: 'AAPLon',
    side: 'transfer-out',
    quantity: '1.5',
    price: '0',
    fee: '0',
  },
]
