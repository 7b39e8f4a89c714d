import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/**
 * A video file Chromium's fake camera plays (--use-file-for-fake-video-capture takes only .y4m or
 * .mjpeg): the PNG centred on a white frame, as a ticket held up to a tablet's camera, in YUV 4:2:0
 * (C420jpeg, full-range BT.601). Chromium loops the file, so a few identical frames are a steady picture.
 */
export function pngToY4m(png: Buffer, file: string, opts: { width?: number; height?: number; frames?: number } = {}) {
  const { width = 640, height = 480, frames = 3 } = opts;
  const src = PNG.sync.read(png);
  if (src.width > width || src.height > height) throw new Error(`${src.width}x${src.height} does not fit the frame`);
  const left = Math.floor((width - src.width) / 2);
  const top = Math.floor((height - src.height) / 2);
  // Luma of every pixel: white outside the picture, transparent pixels over white.
  const y = Buffer.alloc(width * height, 255);
  for (let row = 0; row < src.height; row++)
    for (let col = 0; col < src.width; col++) {
      const i = (row * src.width + col) * 4;
      const a = src.data[i + 3]! / 255;
      const [r, g, b] = [0, 1, 2].map((k) => src.data[i + k]! * a + 255 * (1 - a)) as [number, number, number];
      y[(top + row) * width + left + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  // A black-and-white code has no colour: both chroma planes sit at the neutral 128.
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** Chromium switches for a camera that always shows `file`, allowed without a permission prompt. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];
