// Screenshots of the inbox and the dashboard chat at 375, 768 and 1280 px (not committed).
import { chromium } from 'playwright-core';
const [,, base, adminEmail, memberEmail, memberId, password, out] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function signIn(email, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  return { context, page };
}
for (const width of [375, 768, 1280]) {
  const admin = await signIn(adminEmail, width);
  await admin.page.goto(`${base}/admin/messages`);
  await admin.page.getByRole('list', { name: 'Conversations' }).waitFor();
  await admin.page.waitForTimeout(500);
  await admin.page.screenshot({ path: `${out}/inbox-list-${width}.png`, fullPage: true });
  await admin.page.goto(`${base}/admin/messages?member=${memberId}`);
  await admin.page.getByRole('log').getByRole('listitem').first().waitFor();
  await admin.page.waitForTimeout(500);
  await admin.page.screenshot({ path: `${out}/inbox-open-${width}.png`, fullPage: true });
  await admin.context.close();
  const member = await signIn(memberEmail, width);
  const chat = member.page.getByRole('log', { name: 'Messages with your coach' });
  await chat.waitFor();
  await chat.scrollIntoViewIfNeeded();
  await member.page.waitForTimeout(800);
  await member.page.screenshot({ path: `${out}/chat-${width}.png`, fullPage: false });
  await member.context.close();
}
await browser.close();
