#!/usr/bin/env node
// The e2e tests drive Debian's Chromium (never a downloaded browser). Installs it with apt
// when missing and running as root; otherwise says what to install.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(path)) {
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium for the browser tests…')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], {
      stdio: 'inherit',
      env,
    })
  } else {
    console.error(
      `Chromium was not found at ${path}. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    )
    process.exit(1)
  }
}
