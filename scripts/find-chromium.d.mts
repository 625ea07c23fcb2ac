// Types of find-chromium.mjs, for the TypeScript that imports it (tests, bench, scripts).

export declare const SEARCH_ROOT_ENV: string

/** What the finder reads of a machine. */
export interface ChromiumMachine {
  platform: NodeJS.Platform
  env: Record<string, string | undefined>
  isProgram(path: string): boolean
  playwrightChromium(): string | null
}

export type ChromiumFound = { path: string } | { path: null; badOverride: string | null }

export declare function usualPlaces(platform: NodeJS.Platform, env: ChromiumMachine['env']): string[]
export declare function thisMachine(): ChromiumMachine
export declare function findChromium(machine?: ChromiumMachine): ChromiumFound
