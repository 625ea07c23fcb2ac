// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import stylistic from '@stylistic/eslint-plugin'
import globals from 'globals'

const electronBan = {
  name: 'electron',
  message:
    'Only the Electron shell (src/main/electron, src/main/index.ts) ' +
    'and the preload may import electron.',
}
const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'http',
  'https',
  'net',
  'child_process',
  'crypto',
  'url',
  'stream',
]
const noShell = {
  group: ['**/electron/**', '**/renderer/**', '**/preload/**'],
  message: 'The core runs in plain Node and knows no shell.',
}
const roomName = (glob) => glob.replace('/**/*.ts', '')
/**
 * Each room of src/main/core and the rooms it may import (docs/architecture.md states the same
 * table; test/core/room-rules.test.ts compares the two). app/ composes every room; a capability
 * imports only the leaves (api, storage) and the feed's interface; api, storage and secrets are
 * leaves; no room imports app/. The core's root files (clock.ts, command-handlers.ts, recording-port.ts,
 * uint64.ts, ...) are open to all.
 */
export const CORE_ROOMS = {
  'api/**/*.ts': [],
  'storage/**/*.ts': [],
  'secrets/**/*.ts': [],
  'feed/**/*.ts': ['api', 'storage', 'depth'],
  'history/**/*.ts': ['api', 'storage', 'feed'],
  'holdings/**/*.ts': ['api', 'storage', 'feed'],
  'service-status/**/*.ts': ['api', 'storage', 'feed'],
  'alerts/**/*.ts': ['api', 'storage', 'feed'],
  'lists/**/*.ts': ['api', 'storage', 'feed'],
  'depth/**/*.ts': [],
  'wallets/**/*.ts': ['api', 'storage'],
  'portfolio/**/*.ts': ['api', 'storage', 'history', 'holdings'],
  'app/**/*.ts': [
    'api',
    'storage',
    'secrets',
    'feed',
    'history',
    'holdings',
    'service-status',
    'alerts',
    'lists',
    'wallets',
    'portfolio',
  ],
}
const ROOM_NAMES = Object.keys(CORE_ROOMS).map(roomName)

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'docs/**',
      'coverage/**',
      '.stryker-tmp/**',
      'reports/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Prices are decimal strings: use src/shared/decimal.ts.' },
      ],
    },
  },
  // Prettier's width (.prettierrc), held where prettier cannot break a line: strings, comments,
  // templates. A URL is the one thing left whole.
  {
    plugins: { '@stylistic': stylistic },
    rules: { '@stylistic/max-len': ['error', { code: 110, tabWidth: 2, ignoreUrls: true }] },
  },
  // Layer rules (DESIGN.md): each layer imports only those below it.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            { group: nodeBuiltins, message: 'src/shared is pure TypeScript: no Node imports.' },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**', 'react', 'react-dom'],
              message: 'src/shared sits below every other layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/core/**/*.ts', 'src/main/sim/**/*.ts', 'src/main/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronBan], patterns: [noShell] }] },
  },
  // The core's rooms (docs/architecture.md): arrows run one way, as CORE_ROOMS says. The core
  // never imports the simulator: the shell and the CLI hand it in. (A flat config replaces a
  // rule per file, so each room repeats the core's own patterns.)
  ...Object.entries(CORE_ROOMS).map(([room, allowed]) => {
    const forbidden = ROOM_NAMES.filter((other) => other !== roomName(room) && !allowed.includes(other))
    return {
      files: [`src/main/core/${room}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [electronBan],
            patterns: [
              noShell,
              {
                group: ['**/main/sim/**', '**/sim/*', ...forbidden.map((other) => `**/${other}/**`)],
                message:
                  `The core's rooms import one way (docs/architecture.md): ${roomName(room)}` +
                  ` may import only ${allowed.join(', ') || 'no other room'}.`,
              },
            ],
          },
        ],
      },
    }
  }),
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            { group: nodeBuiltins, message: 'The renderer is a web page: no Node imports.' },
            {
              group: ['**/main/**', '**/preload/**'],
              message: 'The renderer talks to main only through the contract in src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**'],
              message: 'The preload knows only the contract in src/shared.',
            },
          ],
        },
      ],
    },
  },
  // The stand-in Electron (test/standin) is CommonJS loaded by plain Node with --require, as
  // Electron loads the built main bundle; its page shim also runs in the page.
  {
    files: ['test/standin/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['test/standin/electron/page-shim.cjs'], languageOptions: { globals: { ...globals.browser } } },
)
