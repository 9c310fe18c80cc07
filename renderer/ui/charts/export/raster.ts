/**
 * SVG text to PNG: drawn onto a canvas through an <img> (blob: URL, allowed by the CSP's img-src), then
 * canvas.toBlob. The theme background is filled first; the drawing is checked not to be blank (an SVG the
 * browser refused to draw gives a canvas of background only, which must not be saved as a chart).
 */

export const MAX_PNG_SIDE = 8000;

export interface PngSize {
  width: number;
  height: number;
}

async function loadSvgImage(svg: string): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'sync';
    img.src = url;
    await img.decode();
    return img;
  } catch {
    throw new Error('The browser could not draw the chart as an image.');
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** True when the canvas holds one colour only (sampled on a small copy: cheap on an 8000 px canvas). */
function isBlank(canvas: HTMLCanvasElement): boolean {
  const probe = document.createElement('canvas');
  probe.width = 96;
  probe.height = 96;
  const ctx = probe.getContext('2d', { willReadFrequently: true });
  if (!ctx) return false;
  ctx.drawImage(canvas, 0, 0, probe.width, probe.height);
  const data = ctx.getImageData(0, 0, probe.width, probe.height).data;
  for (let i = 4; i < data.length; i += 4) {
    if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) return false;
  }
  return true;
}

/**
 * The composed SVG (natural size `natural`) as a PNG of exactly `out` pixels: scaled to fit, centred,
 * the margin filled with the background (never stretched).
 */
export async function svgToPng(svg: string, natural: PngSize, out: PngSize, background: string): Promise<Blob> {
  const width = Math.round(out.width);
  const height = Math.round(out.height);
  if (!(width >= 1 && height >= 1 && width <= MAX_PNG_SIDE && height <= MAX_PNG_SIDE)) {
    throw new Error(`A PNG can be 1 to ${MAX_PNG_SIDE} pixels on each side.`);
  }
  const img = await loadSvgImage(svg);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The browser has no canvas to draw the image on.');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  const scale = Math.min(width / natural.width, height / natural.height);
  const w = natural.width * scale;
  const h = natural.height * scale;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, (width - w) / 2, (height - h) / 2, w, h);
  if (isBlank(canvas)) throw new Error('The image came out blank; the chart was not drawn. Try again, or export SVG.');
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The browser could not make a PNG of that size.');
  return blob;
}
