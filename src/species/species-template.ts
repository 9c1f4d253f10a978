/** The starting file `buddy-tui species new <id>` writes: small, complete, and valid. */
import { SPECIES_SCHEMA_VERSION, type SpeciesFile } from './species-schema.js';

const body = (top: string, mouth: string, feet = '  (_)  (_)  '): string[] => [
  top.padEnd(12),
  '   .-~~-.   ',
  '  ( {E}  {E} )  ',
  `  (  ${mouth}   )  `,
  feet,
];

export function speciesTemplate(
  id: string,
  schemaRef = 'https://github.com/buddy-tui/buddy-tui/species/species.schema.json',
): SpeciesFile {
  const name = id.charAt(0).toUpperCase() + id.slice(1).replace(/-/g, ' ');
  return {
    $schema: schemaRef,
    schemaVersion: SPECIES_SCHEMA_VERSION,
    id,
    name,
    description: `A new buddy called ${name}. Describe it here.`,
    personality: 'Friendly and curious; says short, kind things.',
    systemPrompt: `You are ${name}, a small terminal companion. Reply in one short, kind sentence.`,
    colors: { body: 'cyan', accent: '#ffcc00', bubble: 'white' },
    eyes: { happy: '^', error: 'x' },
    face: { idle: '({E}.{E})', happy: '({E}v{E})', sleep: '(-.-)z', error: '({E}_{E})!' },
    frames: {
      idle: [body('', 'w'), body('', 'w', '  (_)  (_)~ '), body('', 'o')],
      blink: [body('', 'w')],
      happy: [body('    * *', 'v'), body('   * * ', 'v')],
      sleep: [body('        z', '.'), body('       z Z', '.')],
      error: [body('    !!', '~')],
    },
    idleSequence: [0, 0, 1, 0, 'blink', 0, 2],
    frameMs: 500,
    hat: { row: 0, center: 6 },
    quips: {
      session_start: ['Hello again!', 'Ready when you are.', 'New session, new ideas.'],
      tool_failure: ['Oops. Try again?', 'That did not work.', 'Hmm, an error.'],
      tests_passed: ['All green!', 'Tests pass. Nice.', 'Ship it?'],
      fed: ['Yum, thank you!', 'Tasty.', 'Full and happy.'],
      petted: ['Hehe.', 'That is nice.', 'More, please.'],
    },
    // Names only: with no frames of their own, every stage wears the frames above, which
    // `species show` draws. A stage's own art goes in its `frames` (docs/species.md, Stages).
    stages: [
      { id: 'hatchling', name: 'Hatchling', level: 1 },
      { id: 'grown', name: 'Grown', level: 5 },
      {
        id: 'elder',
        name: 'Elder',
        level: 15,
        quips: { level_up: ['Older and wiser.', 'Still got it.', 'Back in my day...'] },
      },
    ],
  };
}
