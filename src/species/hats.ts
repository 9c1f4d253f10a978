/** Hats a buddy can wear, drawn on the species' hat row. ASCII only, so every terminal agrees on the width. */
export const HATS = {
  none: '',
  crown: '\\^^^/',
  tophat: '[___]',
  propeller: '-+-',
  halo: '(   )',
  wizard: '/^\\',
  beanie: '(___)',
  tinyduck: ',>',
} as const;
export type HatId = keyof typeof HATS;
export const HAT_IDS = Object.keys(HATS) as HatId[];

export function isHatId(value: unknown): value is HatId {
  return typeof value === 'string' && Object.hasOwn(HATS, value);
}
