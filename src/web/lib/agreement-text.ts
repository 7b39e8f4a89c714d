/** The visit agreement (issue 39) as the Family page and the kiosk show it. */

/** The agreement's text as the page shows it: paragraphs, and the "- " lines as a list. */
export type TextBlock = { kind: 'p'; text: string } | { kind: 'ul'; items: string[] };
export function agreementBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const item = /^[-*•]\s+(.*)$/.exec(line)?.[1];
    const last = blocks.at(-1);
    if (item === undefined) blocks.push({ kind: 'p', text: line });
    else if (last?.kind === 'ul') last.items.push(item);
    else blocks.push({ kind: 'ul', items: [item] });
  }
  return blocks;
}

/** "Maisie", "Maisie and Alfie", "Maisie, Alfie and Rosa". */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
