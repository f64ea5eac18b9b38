#!/usr/bin/env node
// The e2e tests drive Debian's Chromium (never a downloaded browser) and use openssl. Installs them with apt
// when missing and running as root; otherwise says what to install.
import { execFileSync, spawnSync } from 'node:child_process'
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

// One browser test serves its page over https with a throwaway certificate made by openssl.
if (spawnSync('openssl', ['version']).error) {
  if (process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', 'openssl'], { stdio: 'inherit', env })
  } else {
    console.error('openssl was not found. Install it (Debian: sudo apt-get install openssl).')
    process.exit(1)
  }
}
