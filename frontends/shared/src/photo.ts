// Photos are compressed in the browser before upload (spec §5, §9): JPEG at quality 0.6,
// scaled down (never up) to fit within 1000 × 1000, drawn on a canvas.
export const PHOTO_QUALITY = 0.6;
export const PHOTO_MAX_SIZE = 1000;

export class NotAnImage extends Error {}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new NotAnImage('not an image'));
    };
    img.src = url;
  });
}

/** Fits width × height inside max × max, keeping the aspect ratio. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIZE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function compressPhoto(file: File): Promise<File> {
  if (!file.type.startsWith('image/')) throw new NotAnImage('not an image');
  const img = await loadImage(file);
  const { width, height } = fitWithin(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  // JPEG has no transparency: paint white under transparent PNGs.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(img, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY));
  if (!blob) throw new Error('could not encode the photo');
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
  return new File([blob], name, { type: 'image/jpeg' });
}
