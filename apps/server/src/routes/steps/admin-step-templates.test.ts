import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FocusAreaDto, StepTemplateCreateInput } from '@app/shared';
import { auditLog, memberSteps, profiles, stepTemplates } from '../../db/schema';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

/** The step library an admin edits beside the strategic prompts (decision 058): listed, added, edited, deactivated, deleted; audited. */

let server: TestServer;
let admin: TestClient;
let member: TestClient;
let adminId: string;
let areas: FocusAreaDto[];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'step-admin@example.com' });
  admin = server.client();
  member = server.client();
  adminId = (await admin.signUp('step-admin@example.com')).body.user.id;
  await member.signUp('step-library-member@example.com');
  areas = (await answer(admin.api.catalog['focus-areas'].$get())).body as FocusAreaDto[];
});
afterAll(() => server.close());

const list = () => answer(admin.api['admin']['step-templates'].$get());
const create = (client: TestClient, json: StepTemplateCreateInput) =>
  answer(client.api.admin['step-templates'].$post({ json }));
const update = (client: TestClient, id: string, json: Record<string, unknown>) =>
  answer(client.api.admin['step-templates'][':id'].$patch({ param: { id }, json: json as never }));
const remove = (client: TestClient, id: string) =>
  answer(client.api.admin['step-templates'][':id'].$delete({ param: { id } }));

const newStep = (extra: Partial<StepTemplateCreateInput> = {}): StepTemplateCreateInput => ({
  focus_area_id: areas[0]!.id,
  if_text: 'I finish a long call',
  then_text: 'stand by the window for a minute',
  size: 2,
  ...extra,
});

describe('the library', () => {
  it('lists the seeded steps of every focus area: at least three regular, two smaller and one smallest each', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    for (const area of areas) {
      const sizes = body.filter((t) => t.focus_area_id === area.id && t.is_active).map((t) => t.size);
      expect(sizes.filter((s) => s === 3).length, area.label).toBeGreaterThanOrEqual(3);
      expect(sizes.filter((s) => s === 2).length, area.label).toBeGreaterThanOrEqual(2);
      expect(sizes.filter((s) => s === 1).length, area.label).toBeGreaterThanOrEqual(1);
    }
    expect(body[0]).toMatchObject({ focus_area_label: areas[0]!.label, size: 3, is_active: true });
  });

  it('adds, edits, deactivates and deletes a step, each audited; a member’s step keeps its words', async () => {
    const created = await create(admin, newStep());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({ ...newStep(), focus_area_label: areas[0]!.label, is_active: true });
    expect((await list()).body.find((t) => t.id === id)).toEqual(created.body);

    const edited = await update(admin, id, { then_text: 'stand by the window for two minutes', size: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      if_text: 'I finish a long call',
      then_text: 'stand by the window for two minutes',
      size: 1,
    });

    const off = await update(admin, id, { is_active: false });
    expect(off.body.is_active).toBe(false);

    // A member had this step: deleting it from the library leaves their copy.
    const [someone] = await server.database.db.select({ id: profiles.id }).from(profiles).limit(1);
    await server.database.db.insert(memberSteps).values({
      userId: someone!.id,
      templateId: id,
      ifText: 'I finish a long call',
      thenText: 'stand by the window for two minutes',
      size: 1,
      status: 'done',
    });
    expect((await remove(admin, id)).status).toBe(204);
    expect((await list()).body.find((t) => t.id === id)).toBeUndefined();
    const [kept] = await server.database.db.select().from(memberSteps).where(eq(memberSteps.userId, someone!.id));
    expect(kept).toMatchObject({ templateId: null, thenText: 'stand by the window for two minutes' });

    const audits = await server.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.actorId, adminId));
    const ofThis = audits.filter((a) => (a.details as { step_template_id?: string }).step_template_id === id);
    expect(ofThis.map((a) => a.action)).toEqual([
      'step_template.create',
      'step_template.update',
      'step_template.update',
      'step_template.delete',
    ]);
    expect(ofThis[1]!.details).toMatchObject({
      before: { then_text: 'stand by the window for a minute', size: 2 },
      after: { then_text: 'stand by the window for two minutes', size: 1 },
    });
  });

  it('refuses bad input with a 400 naming the field, an unknown step with a 404, a duplicate with a 400', async () => {
    const bad = await create(admin, newStep({ if_text: ' ', then_text: 'x'.repeat(201), size: 4 as never }));
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as unknown as { fieldErrors: object }).fieldErrors).sort()).toEqual([
      'if_text',
      'size',
      'then_text',
    ]);
    const worded = await create(admin, newStep({ if_text: 'If I wake up', then_text: 'then I will stretch' }));
    expect(worded.status).toBe(400);
    const unknownArea = await create(admin, newStep({ focus_area_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknownArea.body).toMatchObject({ fieldErrors: { focus_area_id: ['Unknown focus area'] } });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await update(admin, missing, {})).status).toBe(400);
    expect((await update(admin, missing, { size: 1 })).status).toBe(404);
    expect((await remove(admin, missing)).status).toBe(404);

    const once = await create(admin, newStep({ if_text: 'I start a call', then_text: 'smile first' }));
    expect(once.status).toBe(201);
    const twice = await create(admin, newStep({ if_text: 'I start a call', then_text: 'smile first' }));
    expect(twice).toMatchObject({ status: 400, body: { fieldErrors: { then_text: [expect.any(String)] } } });
    const rows = await server.database.db
      .select()
      .from(stepTemplates)
      .where(and(eq(stepTemplates.ifText, 'I start a call'), eq(stepTemplates.thenText, 'smile first')));
    expect(rows).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const [one] = (await list()).body;
    expect((await answer(member.api.admin['step-templates'].$get())).status).toBe(403);
    expect((await create(member, newStep({ if_text: 'A member tries' }))).status).toBe(403);
    expect((await update(member, one!.id, { is_active: false })).status).toBe(403);
    expect((await remove(member, one!.id)).status).toBe(403);
    expect((await answer(server.client().api.admin['step-templates'].$get())).status).toBe(401);
    expect((await list()).body.find((t) => t.id === one!.id)!.is_active).toBe(true);
  });
});
