/** The adapter that always works: the species' offline quips, never a model. */
import type { QuipPicker } from '../offline-quips.js';
import { DelegateCallError, type DelegateAdapter } from './adapter.js';

export function createOfflineAdapter(picker: QuipPicker): DelegateAdapter {
  return {
    name: 'offline',
    usesModel: false,
    async complete(call) {
      const quip = picker.pick(call.kinds, call.sessionId);
      if (!quip) throw new DelegateCallError(`no offline quip for ${call.kinds.join(', ') || 'this event'}`, 'empty');
      return { text: quip.text, source: 'offline' };
    },
  };
}
