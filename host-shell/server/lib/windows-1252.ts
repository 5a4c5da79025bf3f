/**
 * Windows-1252's characters for the bytes 0x80–0x9F (the others are Latin-1's, their code points); 0 where it defines
 * none (0x81, 0x8D, 0x8F, 0x90, 0x9D): a file holding one is not Windows-1252 either. Written out because Node's
 * TextDecoder('windows-1252') decodes those bytes as Latin-1's control characters.
 */
const CP1252_80_9F = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** Windows-1252 bytes as text; null when a byte is one it does not define. */
export function decodeWindows1252(bytes: Buffer): string | null {
  const codes = new Array<number>(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    const code = byte >= 0x80 && byte <= 0x9f ? CP1252_80_9F[byte - 0x80]! : byte;
    if (code === 0) return null;
    codes[i] = code;
  }
  let text = '';
  for (let i = 0; i < codes.length; i += 8192) text += String.fromCharCode(...codes.slice(i, i + 8192));
  return text;
}
