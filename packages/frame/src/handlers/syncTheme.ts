import { applyTheme } from '../theme.js'
import { handler } from './handler.js'

export const syncTheme = handler('SYNC_THEME', (_w) => async ({ themeMode, themeVariables }) => {
  applyTheme(themeMode, themeVariables)
  return {}
})
