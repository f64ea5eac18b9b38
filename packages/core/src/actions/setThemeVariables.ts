import type { Latch } from '../createLatch.js'
import { InvalidOptionsError } from '../errors/options.js'
import { formatIssue } from '../schema/schema.js'
import { resolveThemeVariables, themeVariablesSchema } from '../theme.js'
import type { ThemeVariables } from '../types.js'
import { patchState } from './_shared.js'

export type SetThemeVariablesParameters = ThemeVariables
export type SetThemeVariablesErrorType = InvalidOptionsError

/**
 * Replaces the theme variables (the modal, the buttons and the embedded wallet's screens follow),
 * checked as `createLatch` checks its `themeVariables`.
 *
 * @example
 * setThemeVariables(latch, { '--latch-accent': '#ff4f8b', '--latch-border-radius': 'small' })
 */
export function setThemeVariables(latch: Latch, variables: SetThemeVariablesParameters): void {
  const result = themeVariablesSchema.safeParse(variables)
  if (!result.success)
    throw new InvalidOptionsError({
      issues: result.issues.map((issue) =>
        formatIssue({ ...issue, path: ['themeVariables', ...issue.path] }),
      ),
    })
  patchState(latch, { themeVariables: resolveThemeVariables(variables) })
}
