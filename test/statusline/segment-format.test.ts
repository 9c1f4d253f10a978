import { describe, expect, it } from 'vitest';
import { parseTemplate, templateSegment, tmuxSegment } from '../../src/statusline/segment-format.js';
import { parseSegmentArgs } from '../../src/statusline/segment-run.js';
import type { SegmentSummary } from '../../src/statusline/segment-summary.js';

const summary = (over: Partial<SegmentSummary> = {}): SegmentSummary => ({
  face: '(o.o)',
  working: 2,
  waiting: 1,
  failed: 0,
  live: 3,
  host: 'claude',
  project: 'shop',
  ...over,
});

describe('tmuxSegment', () => {
  it('shows only the counts there are, waiting loud', () => {
    expect(tmuxSegment(summary(), false)).toBe(
      '(o.o) #[fg=black,bg=yellow,bold] !1 #[default] #[fg=green]●2#[default]',
    );
    expect(tmuxSegment(summary({ working: 0, waiting: 0, failed: 2 }), false)).toBe('(o.o) #[fg=red]✗2#[default]');
  });

  it('a face from a species file cannot style tmux or run a command: # doubled, escapes stripped', () => {
    const text = tmuxSegment(summary({ face: '#[fg=red]#(touch /tmp/x)\u001b]0;t\u0007(o.o)', live: 0 }), false);
    expect(text).toBe('##[fg=red]##(touch /tmp/x)(o.o)');
  });

  it('idle: the face alone, or nothing', () => {
    expect(tmuxSegment(summary({ live: 0 }), false)).toBe('(o.o)');
    expect(tmuxSegment(summary({ live: 0 }), true)).toBe('');
  });
});

describe('templates', () => {
  it('fills named fields and keeps {{ }} as braces', () => {
    const parsed = parseTemplate('{{{face}}} {working}w {waiting}!');
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(templateSegment(parsed.parts, summary(), false)).toBe('{(o.o)} 2w 1!');
  });

  it('names every unknown field', () => {
    expect(parseTemplate('{face} {x} {}')).toEqual({ ok: false, unknown: ['{x}', '{}'] });
  });

  it("for tmux: each # of a value doubled, the template's own styles kept", () => {
    const parsed = parseTemplate('#[fg=blue]{project}#[default]');
    if (!parsed.ok) throw new Error('parse failed');
    expect(templateSegment(parsed.parts, summary({ project: '#(touch x)#[fg=red]' }), false, true)).toBe(
      '#[fg=blue]##(touch x)##[fg=red]#[default]',
    );
  });

  it('strips escapes from values and from the template itself', () => {
    const parsed = parseTemplate('\u001b[31m{project}');
    if (!parsed.ok) throw new Error('parse failed');
    expect(templateSegment(parsed.parts, summary({ project: 'a\u001b[2Jb\nc' }), false)).toBe('ab c');
  });
});

describe('parseSegmentArgs', () => {
  it('refuses an unknown flag and a missing template', () => {
    expect(parseSegmentArgs(['--tmux', '--json'], {}).ok).toBe(false);
    expect(parseSegmentArgs(['--format'], {}).ok).toBe(false);
  });

  it("escapes a template's values for tmux with --tmux, or when tmux runs it as a job ($TMUX, no $TMUX_PANE)", () => {
    const escapes = (args: string[], env: NodeJS.ProcessEnv) => {
      const parsed = parseSegmentArgs(args, env);
      return parsed.ok === true ? parsed.request.tmuxEscape : 'error';
    };
    const inTmux = { TMUX: '/tmp/tmux-0/default,1,0' };
    expect(escapes(['--format', '{project}', '--tmux'], {})).toBe(true);
    expect(escapes(['--format', '{project}'], inTmux)).toBe(true);
    expect(escapes(['--format', '{project}'], { ...inTmux, TMUX_PANE: '%1' })).toBe(false);
    expect(escapes(['--format', '{project}'], {})).toBe(false);
  });

  it('gives each variant its own last-good cache', () => {
    const variants = [
      ['--tmux'],
      ['--tmux', '--quiet-when-idle'],
      ['--format', '{face}'],
      ['--format', '{face}', '--tmux'],
      ['--format={working}'],
    ].map((args) => {
      const parsed = parseSegmentArgs(args, {});
      return parsed.ok === true ? parsed.request.variant : 'error';
    });
    expect(new Set(variants).size).toBe(5);
  });
});
