import { screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fr } from '@/i18n/fr';
import audit from '@/resources/audit';
import { ResourceList } from '@/resources/generic/ResourceList';
import { buildDataProvider, renderInAdmin } from '../support/render';

/** Rows as GET /api/admin/audit answers them: keys, ISO instants and the server's "field: old → new" lines. */
const rows = [
  {
    id: 2,
    at: '2026-03-05T10:30:00.000Z',
    actorUid: 'system:SESSIONS_RETENTION_DAYS',
    actorEmail: null,
    action: 'session.retention',
    targetType: 'session',
    targetId: null,
    changes: ['sessions: 12 → 0', 'startedBefore: — → 2026-02-03T12:00:00.000Z', 'retentionDays: — → 30'],
  },
  {
    id: 1,
    at: '2026-03-04T09:00:00.000Z',
    actorUid: 'uid-1',
    actorEmail: 'admin@salescoach.test',
    action: 'user.update',
    targetType: 'user',
    targetId: 'u2',
    changes: ['isActive: true → false', 'role: user → admin', 'profile: {"firstName":"Ann","lastLogin":"2026-03-01T08:00:00.000Z"} → —'],
  },
];

const renderAudit = (french = false, data: object[] = rows) =>
  renderInAdmin(
    <ResourceContextProvider value="audit">
      <ResourceList declaration={audit} />
    </ResourceContextProvider>,
    {
      path: '/audit',
      dataProvider: buildDataProvider({ getList: vi.fn(async () => ({ data, total: data.length })) as never }),
      ...(french ? { i18nProvider: polyglotI18nProvider(() => fr, 'fr') } : {}),
    },
  );

const tableText = () => screen.getByRole('table').textContent ?? '';
const RAW = [
  /session\.retention|user\.update/,
  /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/,
  /[{}"]/,
  /\bisActive\b|\bstartedBefore\b|\bretentionDays\b/,
  /\btrue\b|\bfalse\b/,
];

describe('the Audit Log', () => {
  it('words actions, targets and changes, with dates as every screen writes them', async () => {
    renderAudit();
    await screen.findByText('Sessions past the retention erased', {}, { timeout: 10_000 });
    for (const raw of RAW) expect(tableText()).not.toMatch(raw);
    const [, retention, update] = screen.getAllByRole('row');
    expect(within(retention).getByText('Session')).toBeInTheDocument();
    expect(within(retention).getByText('Started before: — → Feb 03, 2026 12:00')).toBeInTheDocument();
    expect(within(retention).getByText('Retention (days): — → 30')).toBeInTheDocument();
    expect(within(update).getByText('User updated')).toBeInTheDocument();
    expect(within(update).getByText('Active: Yes → No')).toBeInTheDocument();
    expect(within(update).getByText('Profile: First name: Ann, Last login: Mar 01, 2026 08:00 → —')).toBeInTheDocument();
  });

  it('says it all in French on a French screen', async () => {
    renderAudit(true);
    await screen.findByText('Sessions au-delà de la durée de conservation effacées', {}, { timeout: 10_000 });
    for (const raw of RAW) expect(tableText()).not.toMatch(raw);
    const [, retention, update] = screen.getAllByRole('row');
    expect(within(retention).getByText('Commencées avant le : — → 3 févr. 2026 12:00')).toBeInTheDocument();
    expect(within(update).getByText('Utilisateur modifié')).toBeInTheDocument();
    expect(within(update).getByText('Actif : Oui → Non')).toBeInTheDocument();
  });

  it("words a calibration's landmine threshold beside the objections' one", async () => {
    const calibration = {
      id: 3,
      at: '2026-03-06T10:00:00.000Z',
      actorUid: 'system',
      actorEmail: null,
      action: 'matching.calibrate',
      targetType: 'matching',
      targetId: 'use-lite-512+bow-256',
      changes: [
        'threshold: 0.56 → 0.558',
        'landmineThreshold: 0.45 → 0.45',
        'landmineCalibratedThreshold: — → 0.45',
        'landmineSource: default → calibrated',
      ],
    };
    renderAudit(false, [calibration]);
    const [, row] = await screen.findAllByRole('row', {}, { timeout: 10_000 });
    expect(await within(row).findByText('Matching thresholds calibrated')).toBeInTheDocument();
    expect(within(row).getByText('Calibrated landmine threshold: — → 0.45')).toBeInTheDocument();
    expect(within(row).getByText('Landmine threshold source: default → calibrated')).toBeInTheDocument();
  });

  it("words a calibration's landmine threshold in French", async () => {
    renderAudit(true, [
      {
        id: 3,
        at: '2026-03-06T10:00:00.000Z',
        actorUid: 'system',
        actorEmail: null,
        action: 'matching.calibrate',
        targetType: 'matching',
        targetId: 'use-lite-512+bow-256',
        changes: ['landmineThreshold: 0.5 → 0.45'],
      },
    ]);
    expect(await screen.findByText('Seuils de détection calibrés', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Seuil des sujets sensibles : 0.5 → 0.45')).toBeInTheDocument();
  });
});
