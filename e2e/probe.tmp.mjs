import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const other = await browser.newPage(); await other.goto('http://127.0.0.1:18401/'); await other.fill('input[type=email]', 'admin@academy.lk'); await other.fill('input[type=password]', 'admin-pass-2026'); await other.click('form button[type=submit]'); await other.waitForURL(/home/);
const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
const base = 'http://127.0.0.1:18401';
await page.goto(base + '/');
await page.fill('input[type=email]', 'admin@academy.lk'); await page.fill('input[type=password]', 'admin-pass-2026');
await page.click('form button[type=submit]'); await page.waitForURL(/home/);
await page.goto(base + '/#/profile'); await page.waitForTimeout(2500);
console.log(await page.evaluate(() => {
  const w = document.documentElement.clientWidth; const out = [];
  out.push('scroll ' + document.documentElement.scrollWidth + ' ' + w); for (const el of document.querySelectorAll('body *')) { const r = el.getBoundingClientRect(); if (r.right > w) out.push(`${el.tagName}.${[...el.classList].slice(0,2).join('.')} ${Math.round(r.left)}-${Math.round(r.right)} "${(el.textContent||'').slice(0,30)}"`); }
  return out.slice(-12).join('\n');
}));
await browser.close();
