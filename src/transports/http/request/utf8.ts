/** The UTF-8 length of `text` in bytes, counted without encoding it (lone surrogates count 3, as encoders write U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        // A surrogate pair: 2 UTF-16 units, 4 bytes.
        bytes += 2;
        i += 1;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}
