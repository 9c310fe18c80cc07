/**
 * The column window's DOM hooks (useColumnWindow.ts), cheaper than @tanstack/react-virtual's defaults on
 * a fresh list: no synchronous size read on mount, no scroll write to an element that is already at 0.
 */
import { elementScroll, type Virtualizer } from '@tanstack/react-virtual';

/**
 * The virtualizers' size observer without the default's synchronous offsetWidth/offsetHeight read on
 * mount (which forces a style + layout of the freshly inserted grid inside the commit: ~35 ms on a
 * 37k-row first paint). The first size is `initialRect`; ResizeObserver reports the real one after
 * layout, in the rendering step.
 */
export function observeRectAsync(
  instance: Virtualizer<HTMLElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
): () => void {
  const el = instance.scrollElement;
  if (!el) return () => {};
  const ro = new ResizeObserver((entries) => {
    const box = entries[0]?.borderBoxSize?.[0];
    if (box) cb({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
    else cb({ width: el.offsetWidth, height: el.offsetHeight });
  });
  ro.observe(el);
  return () => ro.disconnect();
}

/**
 * The virtualizers write the scroll offset when they attach to an element (0 for a fresh one);
 * scrollTo forces a layout. A freshly mounted element is at 0 already: skip that first write.
 */
const attached = { x: new WeakSet<Element>(), y: new WeakSet<Element>() };
export function scrollToLazily(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLElement, Element>,
): void {
  const el = instance.scrollElement;
  if (!el) return;
  const seen = instance.options.horizontal ? attached.x : attached.y;
  if (!seen.has(el)) {
    seen.add(el);
    if (offset === 0 && !options.adjustments) return;
  }
  elementScroll(offset, options, instance);
}
