/**
 * Channel names of the IPC contract, kept apart from its zod schemas so that the preload (and
 * anything else that only routes messages) can use them without bundling zod.
 */
export const invokeChannels = {
  getSnapshot: 'tw:snapshot:get',
  getStatus: 'tw:status:get',
  addSymbol: 'tw:watchlist:add',
  removeSymbol: 'tw:watchlist:remove',
  moveSymbol: 'tw:watchlist:move',
  getSettings: 'tw:settings:get',
  updateSettings: 'tw:settings:update',
  setKey: 'tw:key:set',
  clearKey: 'tw:key:clear',
  getKeyStatus: 'tw:key:status',
  refreshNow: 'tw:refresh',
  togglePin: 'tw:pin:toggle',
  setPaused: 'tw:paused:set',
  setWindowVisible: 'tw:window:visible',
  setOnline: 'tw:network:online',
  pageLive: 'tw:page:live',
  listAssets: 'tw:assets:list',
  listAlerts: 'tw:alerts:list',
  createAlert: 'tw:alerts:create',
  updateAlert: 'tw:alerts:update',
  setAlertEnabled: 'tw:alerts:enable',
  removeAlert: 'tw:alerts:remove',
  getAlertLog: 'tw:alerts:log',
  markAlertsRead: 'tw:alerts:read',
  getIdleAlerts: 'tw:alerts:idle',
  exportWatchlist: 'tw:watchlist:export',
  importWatchlist: 'tw:watchlist:import',
  createList: 'tw:lists:create',
  renameList: 'tw:lists:rename',
  moveList: 'tw:lists:move',
  deleteList: 'tw:lists:delete',
  restoreList: 'tw:lists:restore',
  setActiveList: 'tw:lists:activate',
  updateList: 'tw:lists:update',
  listTransactions: 'tw:ledger:list',
  addTransaction: 'tw:ledger:add',
  editTransaction: 'tw:ledger:edit',
  removeTransaction: 'tw:ledger:remove',
  restoreTransaction: 'tw:ledger:restore',
  importTransactions: 'tw:ledger:import',
  exportTransactions: 'tw:ledger:export',
  getHoldings: 'tw:holdings:get',
  getPortfolio: 'tw:portfolio:get',
  getPortfolioHistory: 'tw:portfolio:history',
  setDetailOpen: 'tw:detail:open',
  setDepthSymbol: 'tw:depth:symbol',
  getAtBids: 'tw:at-bids:get',
  setChartSymbol: 'tw:chart:symbol',
  refreshCapacity: 'tw:capacity:refresh',
  getDividends: 'tw:dividends:get',
  getHistory: 'tw:history:get',
  exportHistory: 'tw:history:export',
  listWallets: 'tw:wallets:list',
  addWallet: 'tw:wallets:add',
  removeWallet: 'tw:wallets:remove',
  readWalletBalances: 'tw:wallets:balances',
  latestWalletBalances: 'tw:wallets:latest',
  setWalletNode: 'tw:wallets:set-node',
} as const

export const eventChannels = {
  snapshot: 'tw:event:snapshot',
  delta: 'tw:event:delta',
  status: 'tw:event:status',
  alert: 'tw:event:alert',
  focusSymbol: 'tw:event:focus-symbol',
  notice: 'tw:event:notice',
  settings: 'tw:event:settings',
  portfolio: 'tw:event:portfolio',
  capacity: 'tw:event:capacity',
  depth: 'tw:event:depth',
  atBids: 'tw:event:at-bids',
  walletBalances: 'tw:event:wallet-balances',
  dayCandles: 'tw:event:day-candles',
  alertsIdle: 'tw:event:alerts-idle',
} as const

export type InvokeName = keyof typeof invokeChannels
export type EventName = keyof typeof eventChannels

export const invokeNames = Object.keys(invokeChannels) as InvokeName[]
export const eventNames = Object.keys(eventChannels) as EventName[]

/** Every channel starts with this; the preload refuses anything else. */
export const CHANNEL_PREFIX = 'tw:'
