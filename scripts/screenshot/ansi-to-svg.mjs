#!/usr/bin/env node
// Renders a terminal capture with ANSI colours (`tmux capture-pane -e -p`) as an SVG on a cell
// grid: each run of one style is a <text> with one x per character, wide characters take two
// cells. Usage: node ansi-to-svg.mjs < capture.ansi > screen.svg   (then rsvg-convert to PNG)
import { readFileSync } from 'node:fs';
import stringWidth from 'string-width';

const FONT_SIZE = 15;
const CELL_W = Math.round(FONT_SIZE * 0.602 * 100) / 100;
const CELL_H = Math.round(FONT_SIZE * 1.25);
const PAD = 14;
const BG = '#1b1d23';
const FG = '#d6d6d6';
const BASE16 = [
  '#1b1d23',
  '#e06c75',
  '#98c379',
  '#e5c07b',
  '#61afef',
  '#c678dd',
  '#56b6c2',
  '#d6d6d6',
  '#5c6370',
  '#ff7b86',
  '#b5e890',
  '#ffd68a',
  '#7cc3ff',
  '#e09cf5',
  '#7fdbe6',
  '#ffffff',
];

function color256(n) {
  if (n < 16) return BASE16[n];
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v},${v},${v})`;
  }
  const i = n - 16;
  const c = (x) => (x === 0 ? 0 : 55 + x * 40);
  return `rgb(${c(Math.floor(i / 36))},${c(Math.floor(i / 6) % 6)},${c(i % 6)})`;
}

function applySgr(style, params) {
  const p = params.length ? params : [0];
  for (let i = 0; i < p.length; i += 1) {
    const n = p[i];
    if (n === 0)
      Object.assign(style, {
        fg: undefined,
        bg: undefined,
        bold: false,
        dim: false,
        italic: false,
        underline: false,
        inverse: false,
      });
    else if (n === 1) style.bold = true;
    else if (n === 2) style.dim = true;
    else if (n === 22) style.bold = style.dim = false;
    else if (n === 3) style.italic = true;
    else if (n === 23) style.italic = false;
    else if (n === 4) style.underline = true;
    else if (n === 24) style.underline = false;
    else if (n === 7) style.inverse = true;
    else if (n === 27) style.inverse = false;
    else if (n >= 30 && n <= 37) style.fg = BASE16[n - 30];
    else if (n >= 90 && n <= 97) style.fg = BASE16[n - 90 + 8];
    else if (n >= 40 && n <= 47) style.bg = BASE16[n - 40];
    else if (n >= 100 && n <= 107) style.bg = BASE16[n - 100 + 8];
    else if (n === 39) style.fg = undefined;
    else if (n === 49) style.bg = undefined;
    else if (n === 38 || n === 48) {
      let value;
      if (p[i + 1] === 5) {
        value = color256(p[i + 2]);
        i += 2;
      } else if (p[i + 1] === 2) {
        value = `rgb(${p[i + 2]},${p[i + 3]},${p[i + 4]})`;
        i += 4;
      }
      if (n === 38) style.fg = value;
      else style.bg = value;
    }
  }
}

/** Cells of one line: {ch, width, style} with the style copied at each character. */
function parseLine(line) {
  const cells = [];
  const style = {};
  const re = /\x1b\[([0-9;:]*)([A-Za-z])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Za-z0-9]|\x1b./gy;
  let i = 0;
  while (i < line.length) {
    re.lastIndex = i;
    const match = line[i] === '\x1b' ? re.exec(line) : null;
    if (match) {
      if (match[2] === 'm')
        applySgr(
          style,
          match[1]
            .split(/[;:]/)
            .filter((x) => x !== '')
            .map(Number),
        );
      i = re.lastIndex;
      continue;
    }
    const ch = String.fromCodePoint(line.codePointAt(i));
    i += ch.length;
    const width = stringWidth(ch);
    if (width === 0) {
      if (cells.length) cells[cells.length - 1].ch += ch; // combining marks, variation selectors
      continue;
    }
    cells.push({ ch, width, style: { ...style } });
  }
  return cells;
}

// Emoji get the emoji font; everything else stays in the monospace font (the emoji font also
// has digits, # and *, and would otherwise be picked for them).
const TEXT_FONT = 'DejaVu Sans Mono';
const EMOJI_FONT = 'Noto Color Emoji';
const isEmoji = (ch) => /\p{Extended_Pictographic}/u.test(ch) && stringWidth(ch) === 2;

// Half and full blocks (a picture pet's pixels) are drawn as rectangles: as text, a font's
// block glyphs leave seams between rows at this line height.
const BLOCKS = new Set(['▀', '▄', '█']);
function blockRects(cell, x, y) {
  let fg = cell.style.fg ?? FG;
  let bg = cell.style.bg;
  if (cell.style.inverse) [fg, bg] = [bg ?? BG, fg];
  const top = cell.ch === '▄' ? bg : fg;
  const bottom = cell.ch === '▀' ? bg : fg;
  const half = CELL_H / 2;
  return [
    [top, y],
    [bottom, y + half],
  ]
    .filter(([fill]) => fill)
    .map(
      ([fill, top]) =>
        `<rect x="${x.toFixed(2)}" y="${top.toFixed(2)}" width="${(CELL_W + 0.4).toFixed(2)}" height="${(half + 0.4).toFixed(2)}" fill="${fill}"/>`,
    );
}

const escapeXml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function render(text) {
  const lines = text.replace(/\n$/, '').split('\n');
  const columns = Math.max(...lines.map((line) => parseLine(line).reduce((sum, cell) => sum + cell.width, 0)), 20);
  const width = Math.ceil(columns * CELL_W + PAD * 2);
  const height = lines.length * CELL_H + PAD * 2;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" rx="8" fill="${BG}"/>`,
    `<g font-family="${TEXT_FONT}" font-size="${FONT_SIZE}" xml:space="preserve">`,
  ];
  lines.forEach((line, row) => {
    const y = PAD + row * CELL_H;
    let col = 0;
    let run;
    const flush = () => {
      if (!run) return;
      const { style, xs, chars } = run;
      let fg = style.fg ?? FG;
      let bg = style.bg;
      if (style.inverse) [fg, bg] = [bg ?? BG, fg];
      if (bg)
        out.push(
          `<rect x="${xs[0].toFixed(2)}" y="${y}" width="${(run.cells * CELL_W).toFixed(2)}" height="${CELL_H}" fill="${bg}"/>`,
        );
      if (chars.some((c) => c.trim())) {
        const attrs = [`fill="${fg}"`];
        if (style.bold) attrs.push('font-weight="bold"');
        if (style.dim) attrs.push('opacity="0.6"');
        if (style.italic) attrs.push('font-style="italic"');
        if (style.underline) attrs.push('text-decoration="underline"');
        if (run.emoji) attrs.push(`font-family="${EMOJI_FONT}"`);
        out.push(
          `<text x="${xs.map((x) => x.toFixed(2)).join(' ')}" y="${(y + CELL_H * 0.78).toFixed(2)}" ${attrs.join(' ')}>${escapeXml(chars.join(''))}</text>`,
        );
      }
      run = undefined;
    };
    for (const cell of parseLine(line)) {
      if (BLOCKS.has(cell.ch)) {
        flush();
        out.push(...blockRects(cell, PAD + col * CELL_W, y));
        col += 1;
        continue;
      }
      const emoji = isEmoji(cell.ch);
      const key = JSON.stringify(cell.style) + emoji;
      if (!run || run.key !== key) {
        flush();
        run = { key, style: cell.style, emoji, xs: [], chars: [], cells: 0 };
      }
      run.xs.push(PAD + col * CELL_W);
      run.chars.push(cell.ch);
      run.cells += cell.width;
      col += cell.width;
    }
    flush();
  });
  out.push('</g>', '</svg>');
  return `${out.join('\n')}\n`;
}

process.stdout.write(render(readFileSync(0, 'utf8')));
