// @vitest-environment node
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, it } from 'vitest'

// The migration guides' code must compile as written: every ```ts / ```tsx block is checked as a
// module of its own against the built packages (run `npm run build` first), as an app would see them.
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..')
const guides = [
  'docs/migrate-from-rainbowkit.md',
  'docs/migrate-from-appkit.md',
  'docs/migrate-from-wallet-adapter.md',
]

/** The guide's TypeScript blocks, each with the line it starts on. */
function blocks(markdown: string): { line: number; code: string }[] {
  const found: { line: number; code: string }[] = []
  for (const match of markdown.matchAll(/^```(tsx?)\n([\s\S]*?)^```$/gm)) {
    const line = markdown.slice(0, match.index).split('\n').length
    found.push({ line, code: match[2] ?? '' })
  }
  return found
}

it('given the migration guides, then every TypeScript block type-checks against the built packages', () => {
  const found = guides.flatMap((guide) =>
    blocks(readFileSync(join(root, guide), 'utf8')).map((block) => ({ ...block, guide })),
  )
  for (const guide of guides) expect(found.filter((block) => block.guide === guide).length).toBeGreaterThan(0)
  // Virtual files beside the guides, so imports resolve through the repository's node_modules;
  // one program for all of them, so the packages' types are read once.
  const files = new Map(found.map((block, i) => [join(root, `docs/guide-block-${i}.tsx`), block]))
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  }
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name)
  host.readFile = (name) => files.get(name)?.code ?? readFile.call(host, name)
  host.getSourceFile = (name, language, ...rest) => {
    const block = files.get(name)
    return block
      ? ts.createSourceFile(name, block.code, language)
      : getSourceFile.call(host, name, language, ...rest)
  }
  const program = ts.createProgram([...files.keys()], options, host)
  const errors = ts.getPreEmitDiagnostics(program).map((d) => {
    const block = d.file ? files.get(d.file.fileName) : undefined
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0
    const where = block ? `${block.guide}:${block.line + 1 + at}` : (d.file?.fileName ?? '')
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
  })
  expect(errors).toEqual([])
}, 180_000)
