/** File-name and label helpers of the analytics feature. */

/** "AK-47 | Redline (Field-Tested)" -> "ak-47-redline-field-tested". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
