#!/usr/bin/env node
/**
 * Draws the installed app's icons (the web app manifest's, src/web/vite.config.ts) and
 * writes them as PNG to src/web/public/icons/, where Vite copies them into the build.
 * The drawing is the SVG below, the same bottle as the page's own (BottleIcon in
 * src/web/components/SeatPanel.tsx) on the table's felt; Debian's Chromium renders it
 * (playwright-core), so the PNGs are committed and this script is run again only when
 * the drawing changes: `node scripts/render-icons.mjs`.
 *
 * Two kinds: "any" icons are a rounded felt square with the bottle large; the maskable
 * one fills its whole square with felt and keeps the bottle inside the middle 80 % circle
 * that every launcher's mask leaves visible.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const OUT = new URL('../src/web/public/icons/', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The bottle as BottleIcon draws it, on a 24 × 40 grid, in the icon's colours (styles.css). */
const BOTTLE = `
  <path d="M9 1h6v3h-1v7c4 2 7 6 7 11v14a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V22c0-5 3-9 7-11V4H9z"
        fill="#e0ad4a" fill-opacity="0.35" stroke="#f5efe0" stroke-width="1.2" stroke-linejoin="round"/>
  <path d="M5 24c3-2 11-2 14 0v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z" fill="#b3261e"/>
  <circle cx="10" cy="29" r="1.2" fill="#e0ad4a"/>
  <circle cx="14" cy="29" r="1.2" fill="#e0ad4a"/>`;

/**
 * The icon at `size` px: the felt (rounded by `corner`, a share of the size) with a lighter
 * disc, and the bottle `height` (a share of the size) tall, centred. Flat colours only: a
 * gradient would make each PNG ten times the bytes, and every install precaches them.
 */
function svg(size, { corner, height }) {
  const scale = (height * size) / 40;
  const x = (size - 24 * scale) / 2;
  const y = (size - 40 * scale) / 2;
  const r = corner * size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${r}" fill="#163a2c"/>
  <circle cx="${size / 2}" cy="${size / 2}" r="${0.3 * size}" fill="#21523d"/>
  <g transform="translate(${x} ${y}) scale(${scale})">${BOTTLE}</g>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, corner: 0.2, height: 0.72 },
  { file: 'icon-512.png', size: 512, corner: 0.2, height: 0.72 },
  // The bottle's corners stay within 0.4 of the size from the centre (the safe circle):
  // half its diagonal is sqrt(12² + 20²) / 40 × 0.56 ≈ 0.33 of the size.
  { file: 'icon-maskable-512.png', size: 512, corner: 0, height: 0.56 },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.size, icon)}</body></html>`);
    await page.screenshot({
      path: join(OUT, icon.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    await page.close();
    console.log(`${icon.file}: ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
