'use strict'
/**
 * What a test does inside a window's page through the control channel: find elements the way a
 * person does (role and name, label, text, or CSS), act on them, evaluate a function, wait for a
 * condition. Each op names its target with a small locator description:
 *   { role: 'button', name: 'Save key' } | { label: 'Key' } | { text: 'DEMO' } | { css: '.x' }
 * with an optional `within` (another description) and `nth`.
 */

const { onCommand } = require('./control.cjs')
const { windowFor } = require('./browser-window.cjs')

const DEFAULT_TIMEOUT_MS = 30_000

function locate(root, spec) {
  const base = spec.within ? locate(root, spec.within) : root
  let locator
  if (spec.role)
    locator = base.getByRole(
      spec.role,
      spec.name === undefined ? {} : { name: spec.name, exact: spec.exact ?? false },
    )
  else if (spec.label) locator = base.getByLabel(spec.label, { exact: spec.exact ?? false })
  else if (spec.text) locator = base.getByText(spec.text, { exact: spec.exact ?? false })
  else if (spec.css) locator = base.locator(spec.css)
  else throw new Error(`a locator needs role, label, text or css: ${JSON.stringify(spec)}`)
  return spec.nth === undefined ? locator : locator.nth(spec.nth)
}

/** The window's page once everything queued before (its load) has run. */
async function pageOf(command) {
  const window = windowFor(command)
  return window.whenLoaded(async () => {})
}

const timeout = (command) => ({ timeout: command.timeout ?? DEFAULT_TIMEOUT_MS })

onCommand('click', async (command) => {
  await locate(await pageOf(command), command.target).click(timeout(command))
})
onCommand('fill', async (command) => {
  await locate(await pageOf(command), command.target).fill(command.value, timeout(command))
})
onCommand('check', async (command) => {
  const target = locate(await pageOf(command), command.target)
  if (command.checked === false) await target.uncheck(timeout(command))
  else await target.check(timeout(command))
})
onCommand('press', async (command) => {
  const page = await pageOf(command)
  if (command.target) await locate(page, command.target).press(command.key, timeout(command))
  else await page.keyboard.press(command.key)
})
onCommand('waitFor', async (command) => {
  await locate(await pageOf(command), command.target)
    .first()
    .waitFor({ state: command.state ?? 'visible', ...timeout(command) })
})
onCommand('count', async (command) => locate(await pageOf(command), command.target).count())
onCommand('text', async (command) =>
  locate(await pageOf(command), command.target)
    .first()
    .textContent(timeout(command)),
)
/** `fn` is a function's source text, called with `arg` in the page. */
onCommand('evaluate', async (command) =>
  (await pageOf(command)).evaluate(`(${command.fn})(${JSON.stringify(command.arg ?? null)})`),
)
onCommand('waitForFunction', async (command) => {
  const handle = await (
    await pageOf(command)
  ).waitForFunction(`(${command.fn})(${JSON.stringify(command.arg ?? null)})`, null, timeout(command))
  return handle.jsonValue()
})
onCommand('screenshot', async (command) => {
  await (await pageOf(command)).screenshot({ path: command.path })
})
/** Puts another document in the main frame, as a navigation the app failed to stop would. */
onCommand('forceNavigate', async (command) => {
  const window = windowFor(command)
  await window.whenLoaded(async (page) => {
    window.expectedNavigation = command.url
    await page.goto(command.url)
  })
})
