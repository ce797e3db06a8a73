import HistoryIcon from '@mui/icons-material/History';
import { auditRecordSchema } from '@/contract/audit';
import type { ResourceDeclaration } from '@/resources/types';

/**
 * The Audit Log at /audit: read-only, no custom views, in ra-data-simple-rest's
 * dialect over GET /api/admin/audit (filters, sort, range; Content-Range total).
 */
const audit: ResourceDeclaration = {
  name: 'audit',
  api: { dialect: 'simple-rest', path: '/admin/audit', paging: 'server', idField: 'id' },
  schema: auditRecordSchema,
  readOnly: true,
  sort: { field: 'at', order: 'DESC' },
  fields: [
    { source: 'at', label: 'app.audit.fields.at', type: 'date', inList: true, filter: true, sortable: true },
    { source: 'actorEmail', label: 'app.audit.fields.actorEmail', inList: true, filter: true, sortable: true },
    { source: 'action', label: 'app.audit.fields.action', type: 'chip', inList: true, filter: true, sortable: true },
    { source: 'targetType', label: 'app.audit.fields.targetType', inList: true, filter: true, sortable: true },
    { source: 'targetId', label: 'app.audit.fields.targetId', inList: true, sortable: true },
    { source: 'changes', label: 'app.audit.fields.changes', type: 'list', inList: true },
  ],
  icon: HistoryIcon,
  label: 'app.layout.titles.audit',
};

export default audit;
