import simpleRestProvider from 'ra-data-simple-rest';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, DateField, List, NumberField, Resource, TextField, type AuthProvider } from 'react-admin';

/**
 * The bench's anchor (scripts/bench/coldStart.ts): the smallest react-admin app a team would
 * start from, as react-admin's tutorial builds it: three resources over ra-data-simple-rest,
 * MUI's default theme, always signed in. It reads the same sessions, users and objections
 * as the portal, served by json-server (./serve.ts).
 */
// The sign-in a minimal app keeps in localStorage, as react-admin's tutorial does: its check
// costs a read of the storage, so the anchor needs no sign-in page to be measured signed in.
const authProvider: AuthProvider = {
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {
    localStorage.getItem('anchor-token');
  },
  checkError: async () => {},
  getPermissions: async () => 'admin',
};

const SessionList = () => (
  <List>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="sessionId" />
      <TextField source="userEmail" />
      <TextField source="status" />
      <DateField source="startTime" showTime />
      <NumberField source="statistics.totalTranscripts" label="Transcripts" />
    </Datagrid>
  </List>
);

const UserList = () => (
  <List>
    <Datagrid bulkActionButtons={false}>
      <TextField source="email" />
      <TextField source="role" />
      <DateField source="createdAt" />
    </Datagrid>
  </List>
);

const ObjectionList = () => (
  <List>
    <Datagrid bulkActionButtons={false}>
      <TextField source="question" />
      <TextField source="category" />
      <TextField source="status" />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Admin dataProvider={simpleRestProvider('/api')} authProvider={authProvider} requireAuth>
      <Resource name="sessions" list={SessionList} />
      <Resource name="users" list={UserList} />
      <Resource name="objections" list={ObjectionList} />
    </Admin>
  </StrictMode>,
);
