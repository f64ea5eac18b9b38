import { closeModal, createLatch, createMemoryStorage, openModal, prefetch } from '@latch/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LatchProvider } from '../LatchProvider.js'
import { testMainnet as mainnet } from '../test/adapter.fixture.js'
import { loadModal } from './load.js'
import { warmUp } from './warmUp.js'

afterEach(cleanup)

/** Counts the images created while `act` runs (the preload creates one per wallet image). */
async function imagesCreatedDuring(act: () => Promise<void>): Promise<number> {
  const Native = globalThis.Image
  let created = 0
  globalThis.Image = class extends Native {
    constructor() {
      super()
      created++
    }
  }
  try {
    await act()
  } finally {
    globalThis.Image = Native
  }
  return created
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('given the modal warmed up before it opens', () => {
  it('when its code and the wallet list are fetched, then Connect waits in the page parked: hidden, inert, unread, and the page keeps its focus', async () => {
    const latch = createLatch({ networks: [mainnet], storage: createMemoryStorage() })
    render(
      <>
        <button type="button">page</button>
        <LatchProvider latch={latch} />
      </>,
    )
    screen.getByRole('button', { name: 'page' }).focus()
    warmUp(latch)
    await loadModal()
    await act(() => prefetch(latch))
    await settle()
    expect(document.querySelector('style[data-latch-styles="modal"]')).not.toBeNull()
    // Parked once the browser is idle.
    const dialog = await screen.findByTestId('latch-modal')
    expect(dialog.getAttribute('data-view')).toBe('Connect')
    const portal = dialog.parentElement as HTMLElement
    expect(portal.getAttribute('data-state')).toBe('parked')
    expect(portal.hasAttribute('inert')).toBe(true)
    expect(portal.getAttribute('aria-hidden')).toBe('true')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'page' }))
    // Opening shows that same dialog, and focus moves into it.
    act(() => openModal(latch))
    await settle()
    expect(screen.getByTestId('latch-modal')).toBe(dialog)
    expect(portal.getAttribute('data-state')).toBe('open')
    expect(portal.hasAttribute('inert')).toBe(false)
    expect(screen.getByRole('dialog')).toBe(dialog)
    expect(dialog.contains(document.activeElement)).toBe(true)
  })

  it('when the visitor opens it again and again, then the wallet images are asked for only once', async () => {
    const latch = createLatch({ networks: [mainnet], storage: createMemoryStorage() })
    render(<LatchProvider latch={latch} />)
    await loadModal()
    await act(() => prefetch(latch))
    const first = await imagesCreatedDuring(async () => {
      act(() => openModal(latch))
      await settle()
    })
    expect(first).toBeGreaterThan(0)
    expect(screen.getByTestId('latch-modal')).toBeTruthy()
    act(() => closeModal(latch))
    const again = await imagesCreatedDuring(async () => {
      act(() => openModal(latch))
      await settle()
    })
    expect(again).toBe(0)
  })
})
