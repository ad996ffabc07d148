// What Chromium's fake microphone plays (--use-file-for-fake-audio-capture): a 16-bit PCM mono WAV
// written from samples in -1..1 (clipped). One writer for the listening tests (tuner, play-along).
import fs from 'node:fs';

export const WAV_RATE = 48_000;

export function writeWav(file: string, samples: ArrayLike<number>, rate = WAV_RATE): string {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16); // the fmt chunk's size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // bytes a second
  header.writeUInt16LE(2, 32); // bytes a sample
  header.writeUInt16LE(16, 34); // bits a sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return file;
}
