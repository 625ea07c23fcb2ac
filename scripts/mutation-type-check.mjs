// Marks as CompileError the mutants of a StrykerJS report that TypeScript refuses, for runs made
// without Stryker's TypeScript checker (MUTATION_CHECKER=off, stryker.config.mjs). Such a run
// tests every mutant; one that would not compile but that a test caught counts as killed, and
// would inflate the score. Each tested mutant is applied to its file in a TypeScript language
// service (tsconfig.mutation.json) and that file is checked: errors in the mutated file mark it
// CompileError, as the checker would. Errors it causes only in other files are not looked for
// (the checker's prioritizePerformanceOverAccuracy mode misses those too), so the score stays,
// if anything, a little generous. Rewrites the given reports (the JSON report and the
// incremental file, so that a later incremental run keeps the verdicts) in place:
//   node scripts/mutation-type-check.mjs reports/mutation/core.json reports/stryker-incremental-core.json
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import ts from 'typescript'

const TESTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])
const REPORTS = process.argv.slice(2)
if (REPORTS.length === 0) throw new Error('name the Stryker JSON reports to check')

const configPath = resolve('tsconfig.mutation.json')
const config = ts.getParsedCommandLineOfConfigFile(
  configPath,
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
)
if (!config) throw new Error(`cannot read ${configPath}`)

/** The text each file has now, with one mutant applied at a time; versions tell the service. */
const overrides = new Map()
const versions = new Map()
const service = ts.createLanguageService(
  {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => config.fileNames,
    getScriptVersion: (file) => String(versions.get(file) ?? 0),
    getScriptSnapshot: (file) => {
      const text = overrides.get(file) ?? ts.sys.readFile(file)
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text)
    },
    getCurrentDirectory: () => process.cwd(),
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  },
  ts.createDocumentRegistry(),
)

function setText(file, text) {
  if (text === undefined) overrides.delete(file)
  else overrides.set(file, text)
  versions.set(file, (versions.get(file) ?? 0) + 1)
}

function errorsOf(file) {
  return [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].filter(
    (diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error,
  )
}

/** Offset of a Stryker location (1-based line and column) in a text. */
function offsetOf(lineStarts, { line, column }) {
  return lineStarts[line - 1] + column - 1
}

/** @type {Map<string, string | null>} mutant key -> first error message, or null if it compiles */
const verdicts = new Map()
const keyOf = (file, mutant) =>
  `${file}:${mutant.location.start.line}:${mutant.location.start.column}` +
  `:${mutant.location.end.line}:${mutant.location.end.column}:${mutant.mutatorName}` +
  `:${mutant.replacement}`

for (const report of REPORTS) {
  const json = JSON.parse(readFileSync(report, 'utf8'))
  let marked = 0
  let checked = 0
  for (const [name, { source, mutants }] of Object.entries(json.files)) {
    const file = resolve(name)
    if (ts.sys.readFile(file) !== source) {
      console.error(`${name}: the report's source is not the file on disk; skipped`)
      continue
    }
    const lineStarts = ts.computeLineStarts(source)
    const before = errorsOf(file).length
    for (const mutant of mutants) {
      if (!TESTED.has(mutant.status) || mutant.replacement === undefined) continue
      const key = keyOf(name, mutant)
      if (!verdicts.has(key)) {
        const start = offsetOf(lineStarts, mutant.location.start)
        const end = offsetOf(lineStarts, mutant.location.end)
        setText(file, source.slice(0, start) + mutant.replacement + source.slice(end))
        const errors = errorsOf(file)
        verdicts.set(
          key,
          errors.length > before ? ts.flattenDiagnosticMessageText(errors[0].messageText, ' ') : null,
        )
        setText(file, undefined)
      }
      checked++
      const error = verdicts.get(key)
      if (error === null || error === undefined) continue
      mutant.status = 'CompileError'
      mutant.statusReason = `TypeScript, in the mutated file (scripts/mutation-type-check.mjs): ${error}`
      delete mutant.killedBy
      marked++
    }
  }
  // Two-space indented, as Stryker writes them: the incremental file is committed and diffed.
  writeFileSync(report, JSON.stringify(json, null, 2))
  console.log(`${report}: ${checked} tested mutants checked, ${marked} marked CompileError`)
}
