/** Types for electron-binary.mjs (a plain script, so `npm start` needs no TypeScript). */
export type ElectronBinary =
  | { ok: true; binary: string; electronDir: string }
  | { ok: false; missing: string; electronDir: string | null }

export function findElectronBinary(projectDir: string, env?: NodeJS.ProcessEnv): ElectronBinary
