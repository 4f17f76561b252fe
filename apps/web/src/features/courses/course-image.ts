/**
 * The artwork comes in 1600x1000 with a 640-wide sibling named `<name>-640.webp`; phones get the small
 * one. Images not following that convention are used as they are.
 */
export function courseImageSources(image: string): { src: string; srcSet?: string } {
  if (!image.endsWith('.webp') || image.endsWith('-640.webp')) return { src: image };
  const small = image.replace(/\.webp$/, '-640.webp');
  return { src: image, srcSet: `${small} 640w, ${image} 1600w` };
}
