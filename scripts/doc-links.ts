/**
 * Reads Markdown the way GitHub renders it, for the docs test: the headings' anchors and the relative links
 * (outside code), and what is wrong with a link: a missing file or an anchor no heading of the target has.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface DocLink {
  line: number;
  target: string;
}

/** The text outside fenced code blocks, line by line; a line inside a fence is kept empty so numbers hold. */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const opener = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fence === null && opener) {
      fence = opener;
      return '';
    }
    if (fence !== null) {
      if (line.trim().startsWith(fence)) fence = null;
      return '';
    }
    return line.replace(/`[^`]*`/g, '``');
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a document's headings; a repeated heading gets -1, -2 … as on GitHub. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const opener = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (opener && (fence === null || line.trim().startsWith(fence))) {
      fence = fence === null ? opener : null;
      continue;
    }
    const heading = fence === null ? /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1] : undefined;
    if (heading === undefined) continue;
    const slug = slugOf(heading.replace(/`/g, ''));
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The links and images of a document that stay in the repository (no scheme), outside code. */
export function relativeLinksOf(markdown: string): DocLink[] {
  const links: DocLink[] = [];
  proseLines(markdown).forEach((text, i) => {
    for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1] ?? '';
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ line: i + 1, target });
    }
  });
  return links;
}

/** What is wrong with one link of `file` (a path under `root`), or null when it leads somewhere real. */
export function brokenLink(root: string, file: string, link: DocLink): string | null {
  const [pathPart = '', anchor] = link.target.split('#', 2);
  const target =
    pathPart === ''
      ? path.join(root, file)
      : path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(pathPart));
  const where = `${file}:${link.line} (${link.target})`;
  if (!existsSync(target)) return `${where}: no such file`;
  if (anchor === undefined || anchor === '') return null;
  if (statSync(target).isDirectory() || !target.endsWith('.md'))
    return `${where}: an anchor into a file that is not Markdown`;
  return anchorsOf(readFileSync(target, 'utf8')).has(anchor) ? null : `${where}: no heading "#${anchor}" there`;
}
