/**
 * The buddy drawn when no species file is loaded (first run, or a broken species file): a small
 * blob with a face per mood, so the pane always has someone to show.
 */
import type { SpriteView } from '../store.js';

const FACES: Record<string, string> = {
  idle: '(•‿•)', happy: '(^‿^)', sad: '(•︵•)', sleep: '(-‿-) z', thinking: '(•_•)?',
  working: '(•̀ᴗ•́)', celebrate: '\\(^o^)/', error: '(×_×)', hungry: '(•o•)',
};

const EYES: Record<string, string> = {
  idle: '•  •', happy: '^  ^', sad: '•  •', sleep: '-  -', thinking: '•  •',
  working: '•  •', celebrate: '^  ^', error: '×  ×', hungry: 'o  o',
};

const MOUTH: Record<string, string> = {
  idle: ' ‿ ', happy: ' ◡ ', sad: ' ︵', sleep: ' ‿ ', thinking: ' ~ ',
  working: ' ▿ ', celebrate: ' ◡ ', error: ' △ ', hungry: ' o ',
};

function frame(eyes: string, mouth: string, feet: string): string[] {
  return ['  .-----.  ', ` ( ${eyes}  ) `, ` (  ${mouth}  ) `, `  '-----'  `, feet];
}

function framesFor(mood: string): string[][] {
  const eyes = EYES[mood];
  const mouth = MOUTH[mood];
  if (mood === 'celebrate' || mood === 'working') return [frame(eyes, mouth, '  /     \\  '), frame(eyes, mouth, '  \\     /  ')];
  return [frame(eyes, mouth, '   ^   ^   '), frame(eyes, mouth, '   ^  ^    ')];
}

export const DEFAULT_SPRITE: SpriteView = {
  speciesId: 'blob',
  speciesName: 'Blob',
  frames: Object.fromEntries(Object.keys(FACES).map((mood) => [mood, framesFor(mood)])),
  faces: FACES,
  idleSequence: [0, 0, 1, 0],
  blink: { lines: frame('-  -', MOUTH.idle, '   ^   ^   '), everyTicks: 8 },
};
