/**
 * A body's UTF-8 bytes cut into chunks at arbitrary points (inside a character too), as fast-check
 * draws them: what the body-reader tests of both faces feed their readers.
 */
import fc from 'fast-check';

/** A text and its bytes cut at up to 6 points (empty chunks left out). */
export const splitBody = fc
  .tuple(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.array(fc.nat(), { maxLength: 6 }))
  .map(([text, cuts]) => {
    const all = Buffer.from(text);
    const points = [...new Set(cuts.map((cut) => cut % (all.length + 1)))].sort((a, b) => a - b);
    const chunks: Buffer[] = [];
    let from = 0;
    for (const point of [...points, all.length]) {
      if (point > from) chunks.push(all.subarray(from, point));
      from = point;
    }
    return { text, length: all.length, chunks };
  });
