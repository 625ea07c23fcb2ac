// Run before `npm run build:dist`: an installer carries package.json's homepage, repository and
// author and electron-builder.yml's Linux maintainer into its metadata (the deb's control file,
// the AppImage's desktop entry). Until the project has a public home those hold reserved
// `.invalid` placeholders (RFC 2606), and no installer should be published with them: this says
// which are left and exits non-zero. Run in a folder, it checks that folder's project.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import yaml from 'js-yaml'

const PLACEHOLDER = /\.invalid(?:[/:>]|$)/i

/** The release fields still missing or holding a placeholder, by name. */
export function releaseMetadataProblems(packageJson, builderConfig) {
  const fields = {
    'package.json homepage': packageJson.homepage,
    'package.json repository': packageJson.repository?.url ?? packageJson.repository,
    'package.json author.email': packageJson.author?.email,
    'electron-builder.yml linux.maintainer': builderConfig?.linux?.maintainer,
  }
  return Object.entries(fields)
    .filter(([, value]) => typeof value !== 'string' || value.trim() === '' || PLACEHOLDER.test(value.trim()))
    .map(([name, value]) =>
      typeof value === 'string' && value.trim()
        ? `${name} is a placeholder (${value})`
        : `${name} is missing`,
    )
}

function checkProject(projectDir) {
  const packageJson = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8'))
  const builderConfig = yaml.load(readFileSync(join(projectDir, 'electron-builder.yml'), 'utf8'))
  const problems = releaseMetadataProblems(packageJson, builderConfig)
  if (problems.length === 0) return
  console.error(
    [
      'Not building installers: their metadata would name addresses that do not exist.',
      ...problems.map((problem) => `  - ${problem}`),
      "Set the project's real homepage, repository and contact address first.",
    ].join('\n'),
  )
  process.exit(1)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) checkProject(process.cwd())
