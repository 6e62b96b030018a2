/**
 * One skill file as served (src/registry/skills/files.ts): its MIME type by name, its contents as
 * text only when textual and UTF-8, its SHA-256 digest and its size in bytes.
 */
import fc from 'fast-check';
import {
  contentsOf,
  digestOf,
  MAX_SKILL_BYTES,
  MAX_SKILL_FILES,
  mimeTypeOf,
  sizeOf,
} from '../../../src/registry/skills/files';

test.each([
  ['SKILL.md', 'text/markdown'],
  ['docs/a.MARKDOWN', 'text/markdown'],
  ['scripts/run.sh', 'text/x-shellscript'],
  ['x.tsx', 'text/x-typescript'],
  ['data.yml', 'application/yaml'],
  ['logo.svg', 'image/svg+xml'],
  ['logo.PNG', 'image/png'],
  ['a.jpeg', 'image/jpeg'],
  ['doc.pdf', 'application/pdf'],
  ['LICENSE', 'text/plain'],
  ['.env', 'text/plain'],
  ['dir.d/Makefile', 'text/plain'],
  ['blob.bin', 'application/octet-stream'],
  ['archive.tar.gz', 'application/octet-stream'],
])('%s is %s', (path, type) => {
  expect(mimeTypeOf(path)).toBe(type);
});

test('text stays text; UTF-8 bytes of a textual type are text, with any BOM kept', () => {
  expect(contentsOf('skill://a/x.md', 'text/markdown', 'héllo')).toEqual({
    uri: 'skill://a/x.md',
    mimeType: 'text/markdown',
    text: 'héllo',
  });
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);
  expect(contentsOf('u', 'application/json', bom)).toEqual({
    uri: 'u',
    mimeType: 'application/json',
    text: '\ufeffhi',
  });
  expect(contentsOf('u', 'image/svg+xml', new TextEncoder().encode('<svg/>'))).toMatchObject({
    text: '<svg/>',
  });
});

test('bytes that are not UTF-8, or of a binary type, are a base64 blob of the raw bytes', () => {
  expect(contentsOf('u', 'text/plain', new Uint8Array([0x68, 0xff, 0x69]))).toEqual({
    uri: 'u',
    mimeType: 'text/plain',
    blob: 'aP9p',
  });
  expect(contentsOf('u', 'image/png', new TextEncoder().encode('PNG'))).toEqual({
    uri: 'u',
    mimeType: 'image/png',
    blob: 'UE5H',
  });
  expect(contentsOf('u', 'application/octet-stream', new Uint8Array([]))).toEqual({
    uri: 'u',
    mimeType: 'application/octet-stream',
    blob: '',
  });
});

test('property: bytes come back as they were, as text or as a blob', () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ maxLength: 64 }),
      fc.constantFrom('text/plain', 'image/png'),
      (bytes, type) => {
        const contents = contentsOf('u', type, bytes) as { text?: string; blob?: string };
        const back =
          contents.text !== undefined
            ? Buffer.from(contents.text, 'utf8')
            : Buffer.from(contents.blob!, 'base64');
        expect(new Uint8Array(back)).toEqual(bytes);
      },
    ),
  );
});

test('the digest is sha256: and 64 lowercase hex of the bytes; the size counts bytes', () => {
  expect(digestOf('abc')).toBe(
    'sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  );
  expect(digestOf(new TextEncoder().encode('abc'))).toBe(digestOf('abc'));
  expect(digestOf('')).toBe(
    'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  );
  expect(sizeOf('héllo')).toBe(6);
  expect(sizeOf(new Uint8Array(7))).toBe(7);
  expect(sizeOf('')).toBe(0);
});

test('SEP-2640 limits: 512 files, 16 MiB', () => {
  expect([MAX_SKILL_FILES, MAX_SKILL_BYTES]).toEqual([512, 16_777_216]);
});
