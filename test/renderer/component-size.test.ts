import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Issue #43: a component that needs more than a screen to read is split. A component here is a
 * function (declared, or an arrow or function expression bound to a name) whose name begins with a
 * capital letter, in any .tsx file of the renderer; its length counts from its first line to its last.
 */
const MAX_COMPONENT_LINES = 150
const RENDERER = 'src/renderer'

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return tsxFiles(path)
    return entry.name.endsWith('.tsx') ? [path] : []
  })
}

/** Every capitalised function in `text` with its length in lines. */
export function componentLengths(file: string, text: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: { name: string; lines: number }[] = []
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line
  const visit = (node: ts.Node): void => {
    let name: string | undefined
    if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) && node.name) name = node.name.text
    else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) ||
        ts.isFunctionExpression(node.initializer) ||
        ts.isCallExpression(node.initializer))
    )
      name = node.name.text
    if (name && /^[A-Z]/.test(name))
      found.push({ name, lines: lineOf(node.getEnd()) - lineOf(node.getStart()) + 1 })
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('renderer components', () => {
  it('measures a component from its first line to its last, memo-wrapped ones too', () => {
    const text = [
      'export function Small() {',
      '  return null',
      '}',
      'const Wrapped = memo(function Inner() {',
      '  const a = 1',
      '  return a',
      '})',
    ].join('\n')
    expect(componentLengths('x.tsx', text)).toEqual([
      { name: 'Small', lines: 3 },
      { name: 'Wrapped', lines: 4 },
      { name: 'Inner', lines: 4 },
    ])
  })

  it(`are each at most ${MAX_COMPONENT_LINES} lines`, () => {
    const files = tsxFiles(RENDERER)
    expect(files.length).toBeGreaterThan(50)
    const tooLong = files.flatMap((file) =>
      componentLengths(file, readFileSync(file, 'utf8'))
        .filter((component) => component.lines > MAX_COMPONENT_LINES)
        .map((component) => `${file}: ${component.name} ${component.lines} lines`),
    )
    expect(tooLong).toEqual([])
  })
})
