import type { ResourceDeclaration } from '@/resources/types';
import { AuditActionField, AuditChangesField, AuditTargetField } from './AuditFields';

/**
 * The Audit Log at /audit: read-only, the generated list and show (resources/generic), in
 * ra-data-simple-rest's dialect over GET /api/admin/audit (filters, sort, range; Content-Range
 * total). Filters and sorting only on what auditListQuerySchema accepts.
 */
const audit: ResourceDeclaration = {
  name: 'audit',
  api: { dialect: 'simple-rest', path: '/admin/audit', paging: 'server', idField: 'id' },
  sort: { field: 'at', order: 'DESC' },
  fields: [
    { source: 'at', label: 'app.audit.fields.at', type: 'date', inList: true, filter: true, sortable: true },
    { source: 'actorEmail', label: 'app.audit.fields.actorEmail', inList: true, filter: true, sortable: true },
    { source: 'action', label: 'app.audit.fields.action', Field: AuditActionField, inList: true, filter: true, sortable: true },
    { source: 'targetType', label: 'app.audit.fields.targetType', Field: AuditTargetField, inList: true, filter: true, sortable: true },
    { source: 'targetId', label: 'app.audit.fields.targetId', inList: true, sortable: true },
    { source: 'changes', label: 'app.audit.fields.changes', Field: AuditChangesField, inList: true },
  ],
  label: 'app.layout.titles.audit',
};

export default audit;
