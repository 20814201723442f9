/** The first bytes of each kind of file the upload tests send: the pipeline judges files by them. */
export const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
export const JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex");
export const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00", "latin1");
export const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
]);
export const MP4 = Buffer.from("000000206674797069736f6d0000020069736f6d69736f32617663316d703431", "hex");
export const MOV = Buffer.from("0000001466747970717420200000000071742020", "hex");
export const WEBM = Buffer.from(
  "1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102",
  "hex",
);
export const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n", "latin1");
export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
export const HTML = Buffer.from("<!DOCTYPE html><html><script>alert(1)</script></html>");

export const MB = 1024 * 1024;

/** `head` followed by filler up to `size` bytes. */
export const padded = (head: Buffer, size: number): Buffer =>
  Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]);
