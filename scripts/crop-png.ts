/** Dev aid: `tsx scripts/crop-png.ts in.png out-prefix 1200` cuts a tall screenshot into viewable slices. */
import { readFileSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

const [input, prefix, sliceArg] = process.argv.slice(2);
if (!input || !prefix) throw new Error('usage: crop-png.ts in.png out-prefix [sliceHeight]');
const src = PNG.sync.read(readFileSync(input));
const slice = Number(sliceArg ?? 1200);
for (let y = 0, i = 0; y < src.height; y += slice, i++) {
  const h = Math.min(slice, src.height - y);
  const out = new PNG({ width: src.width, height: h });
  PNG.bitblt(src, out, 0, y, src.width, h, 0, 0);
  writeFileSync(`${prefix}-${i}.png`, PNG.sync.write(out));
}
console.log(`${Math.ceil(src.height / slice)} slices of ${src.width}x${slice}`);
