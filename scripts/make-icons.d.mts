/** Types for make-icons.mjs (imported by its test). */
export const LINUX_SIZES: number[];
export const ICO_SIZES: number[];
export const ICNS_TYPES: [string, number][];
export function macSvg(svg: string): string;
export function encodeIco(images: { size: number; png: Uint8Array; rgba: Uint8Array }[]): Buffer;
export function encodeIcns(chunks: { type: string; png: Uint8Array }[]): Buffer;
export function makeIcons(svg: string): Promise<Map<string, Buffer>>;
