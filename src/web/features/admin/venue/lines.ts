/** A list typed one item a line (what a package includes, the party slots, directions): blank lines dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export const textOfLines = (lines: readonly string[]): string => lines.join('\n');
