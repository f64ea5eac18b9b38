import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Custody is audited by reading vault/: no other shipped file of the frame may import a library
// that handles key material, nor reach past the vault's one interface (index.ts).
const src = fileURLToPath(new URL('..', import.meta.url))
const keyLibraries =
  /from '(@scure\/bip32|@scure\/bip39[^']*|micro-key-producer[^']*|shamir-secret-sharing|@noble\/curves[^']*|@noble\/hashes\/(argon2|scrypt|hkdf|pbkdf2|hmac)\.js)'/
const pastTheInterface = /from '\.\/vault\/(?!index\.js')[^']+'/

async function shippedFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      // test/ holds the unit tests' fixtures: nothing the build ships imports them.
      if (!['vault', 'locales', 'test'].includes(entry.name)) out.push(...(await shippedFiles(path)))
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(path)
  }
  return out
}

describe('given the frame’s source outside vault/', () => {
  it('then no file imports a key library or a vault file other than vault/index.ts', async () => {
    const offenders: string[] = []
    for (const file of await shippedFiles(src)) {
      const text = await readFile(file, 'utf8')
      for (const line of text.split('\n'))
        if (keyLibraries.test(line) || pastTheInterface.test(line))
          offenders.push(`${relative(src, file)}: ${line}`)
    }
    expect(offenders).toEqual([])
  })
})
