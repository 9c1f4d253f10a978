/**
 * `v` in the pane: the buddy's voice on / off, written to config.json's reactions.voice as
 * `buddy-tui voice on|off` writes it (every other key kept), and a one-line confirmation in the
 * footer; a config.json that is not a JSON object is left as it was and the footer says why.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { createBuddyStore, type BuddyStore } from '../../src/tui/store/index.js';
import { startVoiceSwitch } from '../../src/tui/services/voice-switch.js';
import { makeTempDir } from '../support/temp-dir.js';
import { fixtureSession } from './fixture-session.js';
import { renderAtSize, settle, waitForFrame, type SizedRender } from './render-at-size.js';

const views: SizedRender[] = [];
const lifetimes: AbortController[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
  for (const life of lifetimes.splice(0)) life.abort();
});

function paneOver(configFile: string): { store: BuddyStore; view: SizedRender } {
  const { state, now } = fixtureSession(3);
  const store = createBuddyStore({ now, columns: 100, rows: 30 });
  store.getState().applySessions([state], now, state.eventCount);
  const life = new AbortController();
  lifetimes.push(life);
  startVoiceSwitch({ store, configFile, clock: () => now, signal: life.signal });
  const view = renderAtSize(<App store={store} theme={{ color: false }} />, 100, 30);
  views.push(view);
  return { store, view };
}

const readConfig = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('the v key', () => {
  it('turns the voice off and on again in config.json, other keys kept, and says so in the footer', async () => {
    const file = join(makeTempDir(), 'config.json');
    writeFileSync(file, JSON.stringify({ reactions: { chattiness: 'chatty', voiceDailyBudget: 40 }, notify: {} }));
    const { view } = paneOver(file);
    await settle(20);
    // Unset, the voice speaks through the mod: the first v turns it off.
    view.stdin.write('v');
    await waitForFrame(view.lastFrame, (f) => f.includes('voice off: the buddy speaks in canned quips'));
    expect(readConfig(file)).toEqual({
      reactions: { chattiness: 'chatty', voiceDailyBudget: 40, voice: false },
      notify: {},
    });
    view.stdin.write('v');
    await waitForFrame(view.lastFrame, (f) => f.includes('voice on: the buddy speaks with your own model (at most 40'));
    expect(readConfig(file).reactions.voice).toBe(true);
  });

  it('leaves a config.json that is not an object as it was and warns in the footer', async () => {
    const file = join(makeTempDir(), 'config.json');
    writeFileSync(file, '[1, 2]');
    const { view } = paneOver(file);
    await settle(20);
    view.stdin.write('v');
    await waitForFrame(view.lastFrame, (f) => f.includes('is not a JSON object'));
    expect(readFileSync(file, 'utf8')).toBe('[1, 2]');
  });

  it('without the services (a test store) says where the voice is set instead of doing nothing', () => {
    const store = createBuddyStore({ now: 1 });
    store.getState().requestVoiceSwitch(1);
    expect(store.getState().notice?.text).toBe('the voice is set with buddy-tui voice on|off');
  });
});
