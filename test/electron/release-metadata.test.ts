import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import yaml from 'js-yaml'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script (run by npm), without type declarations
import { releaseMetadataProblems } from '../../scripts/check-release-metadata.mjs'
import { cleanupAfterEach } from '../support/cleanups'

/** `npm run build:dist` refuses to make installers whose metadata names addresses that do not exist. */

const SCRIPT = join(process.cwd(), 'scripts', 'check-release-metadata.mjs')
const problemsOf = releaseMetadataProblems as (packageJson: unknown, builderConfig: unknown) => string[]

const REAL = {
  packageJson: {
    homepage: 'https://tokenwatch.example.org/',
    repository: { type: 'git', url: 'https://git.example.org/tokenwatch.git' },
    author: { name: 'Tokenwatch', email: 'team@example.org' },
  },
  builder: { linux: { maintainer: 'Tokenwatch <team@example.org>' } },
}

const { tempDir } = cleanupAfterEach('tokenwatch-release-')

function runIn(packageJson: unknown, builder: unknown) {
  const dir = tempDir()
  writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson))
  writeFileSync(join(dir, 'electron-builder.yml'), yaml.dump(builder))
  return spawnSync(process.execPath, [SCRIPT], { cwd: dir, encoding: 'utf8', timeout: 10_000 })
}

describe('release metadata before building installers', () => {
  it("names each placeholder left in this project's own files", () => {
    const packageJson = JSON.parse(readFileSync('package.json', 'utf8'))
    const builder = yaml.load(readFileSync('electron-builder.yml', 'utf8'))
    expect(problemsOf(packageJson, builder)).toEqual([
      'package.json homepage is a placeholder (https://tokenwatch.invalid/)',
      'package.json repository is a placeholder (https://tokenwatch.invalid/tokenwatch.git)',
      'package.json author.email is a placeholder (security@tokenwatch.invalid)',
      'electron-builder.yml linux.maintainer is a placeholder (Tokenwatch <security@tokenwatch.invalid>)',
    ])
  })

  it('accepts real addresses, and says which field is missing', () => {
    expect(problemsOf(REAL.packageJson, REAL.builder)).toEqual([])
    const { homepage: _homepage, ...withoutHomepage } = REAL.packageJson
    expect(problemsOf(withoutHomepage, {})).toEqual([
      'package.json homepage is missing',
      'electron-builder.yml linux.maintainer is missing',
    ])
  })

  it('stops npm run build:dist with the list, and lets real metadata through', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>
    expect(scripts['build:dist']?.startsWith('node scripts/check-release-metadata.mjs && ')).toBe(true)

    const refused = runIn({ ...REAL.packageJson, homepage: 'https://tokenwatch.invalid/' }, REAL.builder)
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('package.json homepage is a placeholder (https://tokenwatch.invalid/)')
    expect(refused.stderr).not.toContain('package.json repository')

    const accepted = runIn(REAL.packageJson, REAL.builder)
    expect(accepted.stderr).toBe('')
    expect(accepted.status).toBe(0)
  })
})
