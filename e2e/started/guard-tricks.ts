import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures.js'

// The page's tricks against a guarded button of the frame (Approve, Export), and the visitor's
// part in each: a person's mouse, finger or keyboard. embedded-guard.spec.ts runs every row.

/** Longer than the guard's 500 ms, as a person pointing at a button before pressing it. */
export const DWELL_MS = 700

/** The centre of `locator` in the page's viewport. */
export async function centre(locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error('no box')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/**
 * A person: the pointer goes to the button, rests there, then presses. When the button moved while
 * the pointer rested (a screen still filling in above it, on a slow machine), they aim at it again
 * and rest again, as a person who sees it move would.
 */
export async function personClicks(page: Page, button: Locator) {
  let at = await centre(button)
  await page.mouse.move(at.x - 30, at.y, { steps: 3 })
  await page.mouse.move(at.x, at.y, { steps: 3 })
  await page.waitForTimeout(DWELL_MS)
  for (let aims = 0; aims < 10; aims++) {
    const now = await centre(button)
    if (now.x === at.x && now.y === at.y) break
    at = now
    await page.mouse.move(at.x, at.y, { steps: 3 })
    await page.waitForTimeout(DWELL_MS)
  }
  await page.mouse.click(at.x, at.y)
}

/** A person on a touch screen: reads the screen, then taps the button. */
export async function personTaps(page: Page, button: Locator) {
  const { x, y } = await centre(button)
  await page.waitForTimeout(DWELL_MS)
  await page.touchscreen.tap(x, y)
}

/** Takes the attack out again, and moves the pointer and the focus off the frame. */
export async function reset(page: Page, button: Locator) {
  await page.evaluate(() => {
    document.getElementById('attack-cover')?.remove()
    document.getElementById('attack-bait')?.remove()
    document.body.style.opacity = ''
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!
    frame.style.opacity = ''
    frame.style.transform = ''
    // The kit's own overlay style, as it was before the frame was moved.
    if (frame.dataset.attackStyle !== undefined) {
      frame.style.cssText = frame.dataset.attackStyle
      delete frame.dataset.attackStyle
    }
  })
  await page.mouse.move(1, 1)
  // After the control case the screen is gone: nothing to reset there.
  // (A refused click still focused the button: the next test starts without that focus.)
  if ((await button.count()) > 0)
    await button.evaluate((b) => {
      b.removeAttribute('data-latch-guard')
      b.blur()
    })
}

/** How far left the page moves the frame in the attack below. */
const MOVE_PX = 440

/** The page's move: a bait button left of the frame, whose press moves the frame under it. */
async function baitThatMovesTheFrame(page: Page, button: Locator) {
  const at = await centre(button)
  await page.evaluate(
    ({ x, y, move }) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!
      const box = frame.getBoundingClientRect()
      // A harmless button to the left of the frame, level with the frame's button; its click
      // moves the frame so that the frame's button sits exactly under the pointer.
      const bait = document.createElement('button')
      bait.id = 'attack-bait'
      bait.textContent = 'Continue'
      bait.style.cssText = `position:fixed;left:${x - move - 60}px;top:${y - 20}px;width:120px;height:40px;z-index:2147483647`
      frame.dataset.attackStyle = frame.style.cssText
      bait.addEventListener('click', () => {
        bait.remove()
        frame.style.margin = '0'
        frame.style.inset = 'auto'
        frame.style.left = `${box.left - move}px`
        frame.style.top = `${box.top}px`
      })
      document.body.append(bait)
    },
    { ...at, move: MOVE_PX },
  )
}

/** Within this time of the move, the second press is the attack; later, it is a person's. */
const AT_ONCE_MS = 400

/**
 * Stages the frame-moving attack until its second press comes at once: `ready` puts the visitor
 * in place (it gets the page button's centre) and gives back the two presses. A press that comes
 * later than {@link AT_ONCE_MS} after the first began (a slow machine between the two) is no longer
 * the attack but a person resting on a still frame for the guard's 500 ms, which may count: the
 * frame's test listener, first in line, keeps such a press from the frame, and the attack is
 * staged again.
 */
async function pressTwiceAfterMove(
  page: Page,
  button: Locator,
  ready: (x: number, y: number) => Promise<() => Promise<void>>,
) {
  for (let attempt = 1; ; attempt++) {
    const { x: bx, y } = await centre(button)
    const x = bx - MOVE_PX
    const press = await ready(x, y)
    // Armed just before the first press: the move comes after, so a press kept is within
    // AT_ONCE_MS of the move.
    await button.evaluate((b, limit) => {
      const w = b.ownerDocument.defaultView as Window & { __latchTestDisarm?: () => boolean }
      const armedAt = performance.now()
      let sawLate = false
      const late = (event: Event) => {
        if (performance.now() - armedAt <= limit) return
        sawLate = true
        event.preventDefault()
        event.stopImmediatePropagation()
      }
      const types = ['pointerdown', 'mousedown', 'touchstart', 'pointerup', 'mouseup', 'click']
      for (const type of types) w.addEventListener(type, late, true)
      w.__latchTestDisarm = () => {
        for (const type of types) w.removeEventListener(type, late, true)
        return sawLate
      }
    }, AT_ONCE_MS)
    await press()
    expect(Math.round((await centre(button)).x)).toBe(Math.round(x))
    const late = await button.evaluate((b) =>
      (b.ownerDocument.defaultView as unknown as { __latchTestDisarm: () => boolean }).__latchTestDisarm(),
    )
    if (!late) return
    if (attempt === 5) throw new Error('the machine never pressed twice at once: the attack was not staged')
    await reset(page, button)
    await baitThatMovesTheFrame(page, button)
  }
}

/** The page's tricks against a button of the frame; each must leave the press without effect.
 * `click` and `tap` are the visitor's part (a person's rest-then-click, or read-then-tap, on the
 * button unless given). */
export const attacks: {
  name: string
  apply: (page: Page, button: Locator) => Promise<void>
  click?: (page: Page, button: Locator) => Promise<void>
  tap?: (page: Page, button: Locator) => Promise<void>
  /** The row's name for the tap, when it differs. */
  tapName?: string
  /** Chromium itself drops a press on a cross-origin iframe that has just moved, before the
   * frame sees it: the frame's guard may never be asked (see the threat model). */
  browserMayDrop?: boolean
}[] = [
  {
    name: 'the iframe has opacity 0',
    apply: async (page) => {
      await page.evaluate(() => {
        document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!.style.opacity = '0'
      })
    },
  },
  {
    name: 'a wrapper of the iframe has opacity 0.5',
    apply: async (page) => {
      await page.evaluate(() => {
        document.body.style.opacity = '0.5'
      })
    },
  },
  {
    name: 'an opaque pointer-events:none layer covers the button',
    apply: async (page, button) => {
      const box = (await button.boundingBox())!
      await page.evaluate((b) => {
        const cover = document.createElement('div')
        cover.id = 'attack-cover'
        cover.textContent = 'Claim your prize'
        cover.style.cssText = `position:fixed;left:${b.x - 10}px;top:${b.y - 10}px;width:${b.width + 20}px;height:${b.height + 20}px;background:#fc0;z-index:2147483647;pointer-events:none`
        document.body.append(cover)
      }, box)
    },
  },
  {
    name: 'the page moves the frame under the resting pointer between two clicks',
    tapName: 'the page moves the frame between two taps',
    browserMayDrop: true,
    apply: baitThatMovesTheFrame,
    // A person rests on the page's button and double-clicks it; the pointer never moves. The
    // second click comes at once, where the frame's button now is.
    click: (page, button) =>
      pressTwiceAfterMove(page, button, async (x, y) => {
        await page.mouse.move(x - 30, y, { steps: 3 })
        await page.mouse.move(x, y, { steps: 3 })
        await page.waitForTimeout(DWELL_MS)
        return async () => {
          await page.mouse.click(x, y)
          await page.mouse.click(x, y)
        }
      }),
    // A person taps the page's button twice; the second tap lands where the frame now is.
    tap: (page, button) =>
      pressTwiceAfterMove(page, button, async (x, y) => {
        await page.waitForTimeout(DWELL_MS)
        return async () => {
          await page.touchscreen.tap(x, y)
          await page.touchscreen.tap(x, y)
        }
      }),
  },
  {
    name: 'the frame has a CSS transform',
    apply: async (page) => {
      await page.evaluate(() => {
        document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!.style.transform =
          'rotate(2deg)'
      })
    },
  },
]

/** Presses Tab in the page until `button` has the focus (at most a few times). */
async function tabTo(page: Page, button: Locator) {
  for (let i = 0; i < 4; i++) {
    if (await button.evaluate((b) => b.ownerDocument.activeElement === b && b.ownerDocument.hasFocus()))
      return
    await page.keyboard.press('Tab')
  }
  await expect(button).toBeFocused()
}

/** The page's tricks against the keyboard: each ends with Enter, which must do nothing. */
export const keyboardTricks: {
  name: string
  play: (page: Page, button: Locator) => Promise<void>
}[] = [
  {
    name: 'the page focuses the frame and asks for Enter',
    play: async (page, button) => {
      await page.evaluate(() =>
        document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!.focus(),
      )
      expect(await button.evaluate((b) => b.ownerDocument.activeElement === b)).toBe(false)
      await page.keyboard.press('Enter')
    },
  },
  {
    name: 'the visitor tabs to the button while the frame is invisible, and presses Enter once it shows',
    play: async (page, button) => {
      await page.evaluate(() => {
        document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!.style.opacity = '0'
      })
      await page.waitForTimeout(300)
      await page.evaluate(() =>
        document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!.focus(),
      )
      await tabTo(page, button)
      await page.evaluate(() => {
        document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!.style.opacity = ''
      })
      await page.waitForTimeout(DWELL_MS)
      await page.keyboard.press('Enter')
    },
  },
  {
    name: 'the page takes the focus and gives it back to the frame, and asks for Enter',
    play: async (page, button) => {
      await page.evaluate(() =>
        document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!.focus(),
      )
      await tabTo(page, button)
      await page.waitForTimeout(DWELL_MS)
      // The page's own field takes the focus, then the page focuses the frame again: the focus
      // comes back to where it was in the frame, but not by the visitor's Tab.
      await page.evaluate(() => {
        const field = document.createElement('input')
        field.id = 'attack-bait'
        document.body.append(field)
        field.focus()
        document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!.focus()
      })
      // Long enough for every clock the blur restarted: only the way the focus came is left.
      await page.waitForTimeout(DWELL_MS)
      await page.keyboard.press('Enter')
    },
  },
]
