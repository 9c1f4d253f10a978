/**
 * The buddy drawn when no species file is loaded (first run, or a broken species file): a small
 * blob with a face per mood, so the pane always has someone to show.
 */
import type { SpriteView } from './types.js';
import { toSafeLines, toSafeText } from '../../text/safe-text.js';

const safeLines = (lines: string[]) => toSafeLines(lines, { maxLength: 200 });

const FACES: Record<string, string> = {
  idle: '(•‿•)',
  happy: '(^‿^)',
  sad: '(•︵•)',
  sleep: '(-‿-) z',
  thinking: '(•_•)?',
  working: '(•̀ᴗ•́)',
  celebrate: '\\(^o^)/',
  error: '(×_×)',
  hungry: '(•o•)',
  alert: '(O_O)!',
};

const EYES: Record<string, string> = {
  idle: '•  •',
  happy: '^  ^',
  sad: '•  •',
  sleep: '-  -',
  thinking: '•  •',
  working: '•  •',
  celebrate: '^  ^',
  error: '×  ×',
  hungry: 'o  o',
  alert: 'O  O',
};

const MOUTH: Record<string, string> = {
  idle: ' ‿ ',
  happy: ' ◡ ',
  sad: ' ︵',
  sleep: ' ‿ ',
  thinking: ' ~ ',
  working: ' ▿ ',
  celebrate: ' ◡ ',
  error: ' △ ',
  hungry: ' o ',
  alert: ' o ',
};

function frame(eyes: string, mouth: string, feet: string): string[] {
  return ['  .-----.  ', ` ( ${eyes}  ) `, ` (  ${mouth}  ) `, `  '-----'  `, feet];
}

function framesFor(mood: string): string[][] {
  const eyes = EYES[mood];
  const mouth = MOUTH[mood];
  if (mood === 'celebrate' || mood === 'working')
    return [frame(eyes, mouth, '  /     \\  '), frame(eyes, mouth, '  \\     /  ')];
  return [frame(eyes, mouth, '   ^   ^   '), frame(eyes, mouth, '   ^  ^    ')];
}

export const DEFAULT_SPRITE: SpriteView = {
  speciesId: 'blob',
  speciesName: toSafeText('Blob'),
  frames: Object.fromEntries(Object.keys(FACES).map((mood) => [mood, framesFor(mood).map(safeLines)])),
  faces: Object.fromEntries(Object.entries(FACES).map(([mood, face]) => [mood, toSafeText(face, { maxLength: 40 })])),
  idleSequence: [0, 0, 1, 0],
  blink: { lines: safeLines(frame('-  -', MOUTH.idle, '   ^   ^   ')), everyTicks: 8 },
};
