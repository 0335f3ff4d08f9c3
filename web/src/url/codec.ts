// Bytes <-> URL-safe text: deflate-raw (the platform's CompressionStream)
// plus base64url, with hard size caps on both sides of the inflation.
// Inflation streams and aborts as soon as the output passes the cap, so an
// "inflation bomb" never allocates more than the cap. Pure, unit-tested.

/** Longest fragment accepted, checked before any decoding. */
export const MAX_FRAGMENT_CHARS = 64 * 1024;
/** Most bytes a payload may inflate to. */
export const MAX_INFLATED_BYTES = 4 * 1024 * 1024;

/** A link that cannot be read; the message says what was wrong, for people. */
export class LinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LinkError";
  }
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array {
  if (!BASE64URL.test(text)) throw new LinkError("the link contains characters that cannot appear in its data (was it cut or edited?)");
  if (text.length % 4 === 1) throw new LinkError("the link's data is truncated (was it cut when copied?)");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function readAll(stream: ReadableStream<Uint8Array>, capBytes: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > capBytes) {
      await reader.cancel().catch(() => undefined);
      throw new LinkError(`the link's data expands to more than ${Math.round(capBytes / 1024 / 1024)} MB, so it was not opened`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new CompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  void writer.close().catch(() => undefined);
  return readAll(stream.readable, Number.MAX_SAFE_INTEGER);
}

/** Inflates `bytes`, aborting once the output exceeds `capBytes`. */
export async function inflateCapped(bytes: Uint8Array, capBytes = MAX_INFLATED_BYTES): Promise<Uint8Array> {
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  // Errors surface on the readable side; the writer's promises are only silenced here.
  void writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  void writer.close().catch(() => undefined);
  try {
    return await readAll(stream.readable, capBytes);
  } catch (err) {
    if (err instanceof LinkError) throw err;
    throw new LinkError("the link's data is damaged or truncated (was it cut when copied?)");
  }
}

/** JSON value -> base64url(deflate-raw(UTF-8 JSON)). */
export async function packJson(value: unknown): Promise<string> {
  return toBase64Url(await deflate(new TextEncoder().encode(JSON.stringify(value))));
}

/** The inverse of packJson, with the size caps; throws LinkError. */
export async function unpackJson(text: string, capBytes = MAX_INFLATED_BYTES): Promise<unknown> {
  if (text.length > MAX_FRAGMENT_CHARS) throw new LinkError(`the link is too long (${text.length.toLocaleString("en-US")} characters; at most ${MAX_FRAGMENT_CHARS.toLocaleString("en-US")})`);
  if (text.length === 0) throw new LinkError("the link carries no data after its version");
  const inflated = await inflateCapped(fromBase64Url(text), capBytes);
  let json: string;
  try {
    json = new TextDecoder("utf-8", { fatal: true }).decode(inflated);
  } catch {
    throw new LinkError("the link's data is not text (was it damaged?)");
  }
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new LinkError("the link's data is not valid JSON (was it damaged?)");
  }
}
