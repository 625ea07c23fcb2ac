/**
 * Text bound for a terminal or a log, made inert. What a service or a hand-edited file sends can
 * hold escape sequences (colour, a window title set by OSC, a cleared screen), carriage returns
 * and backspaces that overwrite what was printed before, and bells; printed raw they would make a
 * terminal show what is not true. Line feeds and tabs are the printer's own layout, and a carriage
 * return just before a line feed is a CSV's line ending: those are kept.
 */

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const TERMINAL_CONTROLS = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const LINE_BREAKING_CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g

/** `text` without the control characters a terminal would act on; line feeds and tabs kept. */
export function printable(text: string): string {
  return text.replace(TERMINAL_CONTROLS, '')
}

/** `text` as one line of a log: every control character, line breaks included, a space. */
export function logLine(text: string): string {
  return text.replace(LINE_BREAKING_CONTROLS, ' ')
}

/** `text` with every occurrence of each secret replaced by "[key]". */
export function withheld(text: string, secrets: Iterable<string>): string {
  let result = text
  for (const secret of secrets)
    if (secret !== '' && result.includes(secret)) result = result.split(secret).join('[key]')
  return result
}
