// Writes dist/styles.css from the same constants the provider injects at run time, so a
// server-rendered page can link the button's styles and show it styled before JavaScript runs.
import { writeFile } from 'node:fs/promises'
import { baseCss, buttonCss } from '../dist/styles/theme.js'

const target = new URL('../dist/styles.css', import.meta.url)
await writeFile(
  target,
  `/* @latch/react: variables and buttons, scoped under [data-latch]. */\n${baseCss.trim()}\n${buttonCss.trim()}\n`,
)
