/**
 * Draws the home page's kitchen scenes and the quote wizard's door style pictures as SVG and
 * renders them to JPEG with sharp. The company can replace any output file with a real photo
 * of the same name; nothing in the code depends on these being generated.
 *
 * Run from the repository root: node frontend/scripts/generate-site-images.mjs
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');

// Deterministic pseudo-random numbers, so re-running gives identical files.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const shade = (hex, amount) => {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift) => {
    const value = (n >> shift) & 255;
    const mixed = amount < 0 ? value * (1 + amount) : value + (255 - value) * amount;
    return Math.round(Math.max(0, Math.min(255, mixed)));
  };
  return `rgb(${channel(16)},${channel(8)},${channel(0)})`;
};

let uid = 0;
const id = (name) => `${name}${uid++}`;

/** One cabinet front with light from the upper left. */
function door(x, y, w, h, style, color, handle) {
  const g = id('door');
  const parts = [
    `<defs><linearGradient id="${g}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${shade(color, 0.12)}"/>
      <stop offset="0.55" stop-color="${color}"/>
      <stop offset="1" stop-color="${shade(color, -0.12)}"/></linearGradient></defs>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="1.5" fill="url(#${g})"/>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="1.5" fill="none" stroke="${shade(color, -0.3)}" stroke-width="0.8" opacity="0.6"/>`,
  ];
  if (style === 'Kehysovi') {
    const inset = Math.min(w, h) * 0.16;
    parts.push(
      `<rect x="${x + inset}" y="${y + inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" fill="${shade(color, -0.05)}"/>`,
      `<path d="M${x + inset} ${y + h - inset} V${y + inset} H${x + w - inset}" fill="none" stroke="${shade(color, -0.32)}" stroke-width="1.6"/>`,
      `<path d="M${x + inset} ${y + h - inset} H${x + w - inset} V${y + inset}" fill="none" stroke="${shade(color, 0.35)}" stroke-width="1.6"/>`,
    );
  } else if (style === 'Uritettu') {
    const step = Math.max(5, w / 14);
    for (let gx = x + step; gx < x + w - step / 2; gx += step) {
      parts.push(
        `<line x1="${gx}" y1="${y + 2}" x2="${gx}" y2="${y + h - 2}" stroke="${shade(color, -0.25)}" stroke-width="1.4"/>`,
        `<line x1="${gx + 1.4}" y1="${y + 2}" x2="${gx + 1.4}" y2="${y + h - 2}" stroke="${shade(color, 0.3)}" stroke-width="0.8"/>`,
      );
    }
  } else if (style === 'Vetimetön') {
    parts.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${Math.max(4, h * 0.05)}" fill="${shade(color, -0.45)}"/>`,
    );
  }
  if (handle && style !== 'Vetimetön') {
    const hx = x + w * 0.5 - Math.min(w * 0.25, 16);
    const hw = Math.min(w * 0.5, 32);
    const hy = handle === 'top' ? y + h * 0.12 : y + h - h * 0.14;
    parts.push(
      `<rect x="${hx + 1}" y="${hy + 1.5}" width="${hw}" height="3" rx="1.5" fill="rgba(0,0,0,0.25)"/>`,
      `<rect x="${hx}" y="${hy}" width="${hw}" height="3" rx="1.5" fill="${handleColor}"/>`,
    );
  }
  return parts.join('');
}
let handleColor = '#c9a35b';

function worktopPaint(kind) {
  const g = id('top');
  const f = id('grain');
  if (kind === 'wood') {
    return {
      defs: `<linearGradient id="${g}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#c08a55"/><stop offset="1" stop-color="#8a5a33"/></linearGradient>
        <filter id="${f}"><feTurbulence type="fractalNoise" baseFrequency="0.004 0.25" numOctaves="3" seed="7"/><feColorMatrix values="0 0 0 0 0.35  0 0 0 0 0.2  0 0 0 0 0.08  0 0 0 0.55 0"/><feComposite in2="SourceGraphic" operator="in"/></filter>`,
      fill: `url(#${g})`,
      filter: f,
    };
  }
  if (kind === 'marble') {
    return {
      defs: `<linearGradient id="${g}" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#f4f2ee"/><stop offset="1" stop-color="#d9d6d0"/></linearGradient>
        <filter id="${f}"><feTurbulence type="turbulence" baseFrequency="0.012 0.05" numOctaves="4" seed="3"/><feColorMatrix values="0 0 0 0 0.45  0 0 0 0 0.45  0 0 0 0 0.47  0 0 0 -2.2 1.05"/><feComposite in2="SourceGraphic" operator="in"/></filter>`,
      fill: `url(#${g})`,
      filter: f,
    };
  }
  return {
    defs: `<linearGradient id="${g}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#3a3a3c"/><stop offset="1" stop-color="#161618"/></linearGradient>
      <filter id="${f}"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="5"/><feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.08 0"/><feComposite in2="SourceGraphic" operator="in"/></filter>`,
    fill: `url(#${g})`,
    filter: f,
  };
}

/**
 * A kitchen seen from the room in one-point perspective: side walls, ceiling and a planked
 * floor lead to the back wall with upper and base cabinets, worktop, sink, hob and lamps.
 */
function kitchen(scene, width = 960, height = 720) {
  const rnd = random(scene.seed);
  handleColor = scene.handle ?? '#c9a35b';
  const ids = Object.fromEntries(
    [
      'wall',
      'side',
      'floor',
      'ceil',
      'light',
      'vig',
      'shadow',
      'noise',
      'blur',
      'glow',
      'lamp',
    ].map((name) => [name, id(name)]),
  );
  const top = worktopPaint(scene.worktop);
  // Back wall rectangle; everything outside it is side walls, ceiling and floor.
  const bx0 = width * 0.1;
  const bx1 = width * 0.9;
  const by0 = height * 0.07;
  const by1 = height * 0.8;
  const vx = width / 2;
  const vy = height * 0.45;
  const left = bx0 + 6;
  const right = bx1 - 6;
  const counterY = by0 + (by1 - by0) * 0.58;
  const baseTop = counterY + 14;
  const plinth = by1 - 12;
  const upperTop = by0 + 10;
  const upperBottom = by0 + (by1 - by0) * 0.33;
  const win = { x: width * 0.41, y: by0 + 14, w: width * 0.18, h: (by1 - by0) * 0.34 };
  const parts = [];

  parts.push(`<defs>
    <linearGradient id="${ids.wall}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${shade(scene.wall, 0.06)}"/><stop offset="1" stop-color="${shade(scene.wall, -0.08)}"/></linearGradient>
    <linearGradient id="${ids.side}" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${shade(scene.wall, -0.28)}"/><stop offset="1" stop-color="${shade(scene.wall, -0.12)}"/></linearGradient>
    <linearGradient id="${ids.floor}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${shade(scene.floor, -0.15)}"/><stop offset="1" stop-color="${shade(scene.floor, 0.08)}"/></linearGradient>
    <linearGradient id="${ids.ceil}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#d9d6d0"/><stop offset="1" stop-color="#f3f1ed"/></linearGradient>
    <radialGradient id="${ids.light}" cx="0.5" cy="0.2" r="0.7"><stop offset="0" stop-color="#fff6e0" stop-opacity="0.45"/><stop offset="1" stop-color="#fff6e0" stop-opacity="0"/></radialGradient>
    <radialGradient id="${ids.vig}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></radialGradient>
    <linearGradient id="${ids.shadow}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.4"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
    <radialGradient id="${ids.glow}" cx="0.5" cy="0" r="1"><stop offset="0" stop-color="#fff1c9" stop-opacity="0.55"/><stop offset="1" stop-color="#fff1c9" stop-opacity="0"/></radialGradient>
    <radialGradient id="${ids.lamp}" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff3cf" stop-opacity="0.5"/><stop offset="1" stop-color="#fff3cf" stop-opacity="0"/></radialGradient>
    <filter id="${ids.blur}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>
    <filter id="${ids.noise}"><feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="${scene.seed}"/><feColorMatrix values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0.07 0"/><feComposite in2="SourceGraphic" operator="in"/></filter>
    ${top.defs}
  </defs>`);

  // Room shell: ceiling, side walls, floor with planks running to the vanishing point.
  parts.push(
    `<rect width="${width}" height="${height}" fill="url(#${ids.wall})"/>`,
    `<polygon points="0,0 ${width},0 ${bx1},${by0} ${bx0},${by0}" fill="url(#${ids.ceil})"/>`,
    `<polygon points="0,0 ${bx0},${by0} ${bx0},${by1} 0,${height}" fill="url(#${ids.side})"/>`,
    `<polygon points="${width},0 ${bx1},${by0} ${bx1},${by1} ${width},${height}" fill="url(#${ids.side})" transform="translate(${width} 0) scale(-1 1) translate(${-width} 0)"/>`,
    `<polygon points="0,${height} ${bx0},${by1} ${bx1},${by1} ${width},${height}" fill="url(#${ids.floor})"/>`,
  );
  for (let i = -8; i <= 8; i++) {
    const fx = vx + i * (width / 7);
    const t = (by1 - vy) / (height - vy);
    parts.push(
      `<line x1="${vx + (fx - vx) * t}" y1="${by1}" x2="${fx}" y2="${height}" stroke="${shade(scene.floor, -0.3)}" stroke-width="1" opacity="0.45"/>`,
    );
  }
  // Window with sky, garden and frame.
  parts.push(
    `<rect x="${win.x - 7}" y="${win.y - 7}" width="${win.w + 14}" height="${win.h + 14}" fill="#f7f7f5"/>`,
    `<clipPath id="${ids.wall}clip"><rect x="${win.x}" y="${win.y}" width="${win.w}" height="${win.h}"/></clipPath>`,
    `<g clip-path="url(#${ids.wall}clip)">`,
    `<rect x="${win.x}" y="${win.y}" width="${win.w}" height="${win.h}" fill="#c4def0"/>`,
    `<ellipse cx="${win.x + win.w * 0.3}" cy="${win.y + win.h * 0.95}" rx="${win.w * 0.45}" ry="${win.h * 0.3}" fill="#86ab82"/>`,
    `<ellipse cx="${win.x + win.w * 0.85}" cy="${win.y + win.h}" rx="${win.w * 0.35}" ry="${win.h * 0.25}" fill="#739a6f"/>`,
    `</g>`,
    `<line x1="${win.x + win.w / 2}" y1="${win.y}" x2="${win.x + win.w / 2}" y2="${win.y + win.h}" stroke="#f7f7f5" stroke-width="5"/>`,
  );

  // Backsplash tiles with a warm under-cabinet glow.
  const tile = scene.tile;
  for (let ty = upperBottom + 6, row = 0; ty < counterY; ty += 18, row++) {
    for (let tx = left - (row % 2) * 18; tx < right; tx += 36) {
      const x0 = Math.max(left, tx);
      const w = Math.min(34, right - x0);
      if (w <= 0) continue;
      if (x0 + w > win.x - 8 && x0 < win.x + win.w + 8 && ty < win.y + win.h + 8) continue;
      parts.push(
        `<rect x="${x0}" y="${ty}" width="${w}" height="16" fill="${shade(tile, (rnd() - 0.5) * 0.07)}" stroke="${shade(tile, -0.14)}" stroke-width="0.6"/>`,
      );
    }
  }
  parts.push(
    `<rect x="${left}" y="${upperBottom}" width="${right - left}" height="${(counterY - upperBottom) * 0.7}" fill="url(#${ids.glow})"/>`,
  );

  // Upper cabinets on both sides of the window, with a soft shadow beneath.
  const upperLeftWidth = (win.x - 18 - left) / 2;
  const rightStart = win.x + win.w + 18;
  const upperRightWidth = (right - rightStart) / 2;
  parts.push(
    `<rect x="${left}" y="${upperBottom}" width="${right - left}" height="16" fill="url(#${ids.shadow})"/>`,
  );
  for (let i = 0; i < 2; i++) {
    parts.push(
      door(
        left + i * upperLeftWidth,
        upperTop,
        upperLeftWidth - 3,
        upperBottom - upperTop,
        scene.style,
        scene.cabinet,
        'bottom',
      ),
    );
    parts.push(
      door(
        rightStart + i * upperRightWidth,
        upperTop,
        upperRightWidth - 3,
        upperBottom - upperTop,
        scene.style,
        scene.cabinet,
        'bottom',
      ),
    );
  }

  // Base cabinets: drawer stack, doors, oven front under the hob.
  const columns = 6;
  const colWidth = (right - left) / columns;
  const baseHeight = plinth - baseTop;
  parts.push(
    `<rect x="${left}" y="${plinth}" width="${right - left}" height="${by1 - plinth}" fill="${shade(scene.cabinet, -0.6)}"/>`,
  );
  for (let c = 0; c < columns; c++) {
    const x = left + c * colWidth;
    if (c === 1) {
      const drawerHeight = baseHeight / 3;
      for (let d = 0; d < 3; d++) {
        parts.push(
          door(
            x,
            baseTop + d * drawerHeight,
            colWidth - 3,
            drawerHeight - 3,
            scene.style,
            scene.cabinet,
            'top',
          ),
        );
      }
    } else if (c === 4) {
      parts.push(
        `<rect x="${x}" y="${baseTop}" width="${colWidth - 3}" height="${baseHeight}" fill="#2a2b2e"/>`,
        `<rect x="${x + 8}" y="${baseTop + baseHeight * 0.22}" width="${colWidth - 19}" height="${baseHeight * 0.6}" rx="3" fill="#111214" stroke="#4a4c50"/>`,
        `<rect x="${x + 12}" y="${baseTop + 8}" width="${colWidth - 27}" height="5" rx="2.5" fill="#b9bcc0"/>`,
      );
    } else {
      parts.push(door(x, baseTop, colWidth - 3, baseHeight, scene.style, scene.cabinet, 'top'));
    }
  }

  // Worktop slab, highlight, and its shadow on the fronts.
  parts.push(
    `<rect x="${left - 10}" y="${counterY}" width="${right - left + 20}" height="14" fill="${top.fill}"/>`,
    `<rect x="${left - 10}" y="${counterY}" width="${right - left + 20}" height="14" fill="${top.fill}" filter="url(#${top.filter})"/>`,
    `<rect x="${left - 10}" y="${counterY}" width="${right - left + 20}" height="2" fill="#fff" opacity="0.4"/>`,
    `<rect x="${left}" y="${counterY + 14}" width="${right - left}" height="10" fill="url(#${ids.shadow})"/>`,
  );

  // Sink and tap under the window, hob above the oven, a plant and a board.
  const sinkX = win.x + win.w / 2;
  parts.push(
    `<rect x="${sinkX - 46}" y="${counterY + 1}" width="92" height="5" rx="2" fill="#9ea3a8"/>`,
    `<path d="M${sinkX - 4} ${counterY} V${counterY - 34} q0 -12 14 -12 h6 q10 0 10 10 v6" fill="none" stroke="#c3c7cb" stroke-width="5" stroke-linecap="round"/>`,
    `<rect x="${left + colWidth * 4 + 10}" y="${counterY - 2}" width="${colWidth - 23}" height="3" fill="#151515"/>`,
  );
  const plantX = left + colWidth * 0.55;
  parts.push(
    `<path d="M${plantX - 13} ${counterY} l3 -26 h20 l3 26 z" fill="#e6e0d5"/>`,
    ...Array.from({ length: 7 }, (_, i) => {
      const angle = -1.2 + i * 0.4;
      const cx = plantX + Math.sin(angle) * 18;
      const cy = counterY - 40 - Math.cos(angle) * 12;
      return `<ellipse cx="${cx}" cy="${cy}" rx="6" ry="17" transform="rotate(${angle * 50} ${cx} ${cy})" fill="${shade('#3f7a4a', (rnd() - 0.5) * 0.3)}"/>`;
    }),
    `<rect x="${left + colWidth * 5.2}" y="${counterY - 58}" width="44" height="58" rx="9" fill="#b98556"/>`,
    `<rect x="${left + colWidth * 5.2 + 3}" y="${counterY - 55}" width="38" height="2" fill="#d8aa78" opacity="0.7"/>`,
  );

  // Pendant lamps and the pools of light they throw.
  for (const lx of [width * 0.33, width * 0.67]) {
    const ly = by0 + (counterY - by0) * 0.12;
    parts.push(
      `<line x1="${lx}" y1="0" x2="${lx}" y2="${ly}" stroke="#1d1d1d" stroke-width="2"/>`,
      `<path d="M${lx - 24} ${ly + 22} Q${lx} ${ly - 8} ${lx + 24} ${ly + 22} Z" fill="${scene.lamp ?? '#1f1f1f'}"/>`,
      `<ellipse cx="${lx}" cy="${ly + 24}" rx="18" ry="4" fill="#fff3cf"/>`,
      `<ellipse cx="${lx}" cy="${ly + 80}" rx="120" ry="90" fill="url(#${ids.lamp})"/>`,
    );
  }

  // Contact shadow of the cabinets on the floor, window light, grain, vignette.
  parts.push(
    `<rect x="${left - 10}" y="${by1 - 4}" width="${right - left + 20}" height="18" fill="#000" opacity="0.35" filter="url(#${ids.blur})"/>`,
    `<rect width="${width}" height="${height}" fill="url(#${ids.light})"/>`,
    `<rect width="${width}" height="${height}" fill="#808080" filter="url(#${ids.noise})"/>`,
    `<rect width="${width}" height="${height}" fill="url(#${ids.vig})"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** A close-up of one door front on a cabinet, for the wizard's style cards. */
function doorCloseUp(style, color, width = 400, height = 500) {
  handleColor = '#9a9a9a';
  const bg = id('bg');
  const light = id('light');
  const shadowFilter = id('drop');
  const noise = id('noise');
  const dx = width * 0.18;
  const dy = height * 0.1;
  const dw = width * 0.64;
  const dh = height * 0.8;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs>
      <linearGradient id="${bg}" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#efe9e0"/><stop offset="1" stop-color="#cfc6b8"/></linearGradient>
      <radialGradient id="${light}" cx="0.25" cy="0.15" r="0.9"><stop offset="0" stop-color="#fffaf0" stop-opacity="0.5"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></radialGradient>
      <filter id="${shadowFilter}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="9"/><feOffset dx="8" dy="10"/><feComponentTransfer><feFuncA type="linear" slope="0.45"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
      <filter id="${noise}"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="11"/><feColorMatrix values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0.05 0"/><feComposite in2="SourceGraphic" operator="in"/></filter>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#${bg})"/>
    <g filter="url(#${shadowFilter})">${door(dx, dy, dw, dh, style, color, null)}</g>
    ${style === 'Tasapintainen' || style === 'Uritettu' || style === 'Kehysovi' ? `<rect x="${dx + dw - 30}" y="${dy + dh * 0.38}" width="8" height="${dh * 0.24}" rx="4" fill="#8d8d8d"/><rect x="${dx + dw - 32}" y="${dy + dh * 0.38}" width="4" height="${dh * 0.24}" rx="2" fill="#d7d7d7"/>` : ''}
    <rect width="${width}" height="${height}" fill="url(#${light})"/>
    <rect width="${width}" height="${height}" fill="#808080" filter="url(#${noise})"/>
  </svg>`;
}

const SCENES = [
  {
    seed: 1,
    style: 'Kehysovi',
    cabinet: '#f3f1ec',
    wall: '#dfe3e6',
    floor: '#b08a63',
    worktop: 'wood',
    tile: '#ffffff',
    handle: '#b8954e',
  },
  {
    seed: 2,
    style: 'Uritettu',
    cabinet: '#27405f',
    wall: '#ece7df',
    floor: '#a4825f',
    worktop: 'marble',
    tile: '#f5f3ef',
    handle: '#c9a35b',
  },
  {
    seed: 3,
    style: 'Tasapintainen',
    cabinet: '#9ea4a8',
    wall: '#f2efea',
    floor: '#8b7a69',
    worktop: 'black',
    tile: '#e6e3dd',
    handle: '#2d2d2d',
  },
  {
    seed: 4,
    style: 'Vetimetön',
    cabinet: '#56705b',
    wall: '#e9e4da',
    floor: '#b9996f',
    worktop: 'wood',
    tile: '#f1ede4',
  },
  {
    seed: 5,
    style: 'Tasapintainen',
    cabinet: '#8b8d8c',
    wall: '#d9d6d0',
    floor: '#6f6a64',
    worktop: 'marble',
    tile: '#c9c6c0',
    handle: '#1f1f1f',
  },
  {
    seed: 6,
    style: 'Uritettu',
    cabinet: '#b48a60',
    wall: '#f0ebe3',
    floor: '#5d5955',
    worktop: 'black',
    tile: '#fbfaf7',
    handle: '#1f1f1f',
  },
  {
    seed: 7,
    style: 'Kehysovi',
    cabinet: '#d8c8ad',
    wall: '#f4efe7',
    floor: '#a07d58',
    worktop: 'marble',
    tile: '#ffffff',
    handle: '#b8954e',
  },
  {
    seed: 8,
    style: 'Vetimetön',
    cabinet: '#26272a',
    wall: '#e3ded6',
    floor: '#c09a6e',
    worktop: 'wood',
    tile: '#3a3b3e',
    lamp: '#c9a35b',
  },
];

const DOORS = [
  ['kehysovi', 'Kehysovi', '#eeebe4'],
  ['uritettu', 'Uritettu', '#2c4563'],
  ['tasapintainen', 'Tasapintainen', '#a9aeb1'],
  ['vetimeton', 'Vetimetön', '#5b7460'],
];

async function render(svg, file, width, height) {
  const path = join(OUT, file);
  mkdirSync(dirname(path), { recursive: true });
  const info = await sharp(Buffer.from(svg))
    .resize(width, height)
    .jpeg({ quality: 78, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .toFile(path);
  console.log(`${file}: ${width}×${height}, ${(info.size / 1024).toFixed(1)} kB`);
}

for (const [index, scene] of SCENES.entries()) {
  await render(kitchen(scene), `kitchens/keittio-${index + 1}.jpg`, 640, 480);
}
for (const [file, style, color] of DOORS) {
  await render(doorCloseUp(style, color), `doors/${file}.jpg`, 400, 500);
}
