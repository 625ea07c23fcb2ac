import type { ServiceReadings } from '../market/service-bodies'
import type { FaultPlan } from './faults'
import { type SimServer, startSimServer } from './server'

export interface DemoMarketOptions {
  /** Default 400 (the real service lists about 400). */
  assets?: number
  /** Default 1. */
  seed?: number
  faults?: FaultPlan
  /** The market's time (tests fix it); Date.now by default. */
  clock?: () => number
  /** How the endpoints beyond the spec read (off-hours, a closed market's capacity, a market pause). */
  readings?: Partial<ServiceReadings>
  /** Serve only the spec's five endpoints. */
  specOnly?: boolean
  /** The demo hot wallet's hourly trades (SimServerOptions.walletTrades); default on: demo mode has them. */
  walletTrades?: boolean
}

/**
 * Demo mode's market, as AppCore takes it (its DemoMarket: a way to start a service for a key).
 * The shell and the tests hand this in, so the core itself never imports the simulator. Each start
 * is a fresh simulator on a free loopback port that accepts only the key it was started with.
 */
export function simDemoMarket(options: DemoMarketOptions = {}): {
  start(apiKey: string): Promise<SimServer>
} {
  return {
    start: (apiKey) =>
      startSimServer({
        apiKey,
        port: 0,
        assets: options.assets ?? 400,
        seed: options.seed ?? 1,
        faults: options.faults,
        clock: options.clock,
        readings: options.readings,
        specOnly: options.specOnly,
        walletTrades: options.walletTrades ?? true,
      }),
  }
}
