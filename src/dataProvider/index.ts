export type { PortalDataProvider } from './types';
export {
  createHttpClient,
  toQueryString,
  AUTHENTICATION_FAILED,
  type HttpClient,
  type HttpClientOptions,
  type RequestOptions,
  type JsonResponse,
  type QueryValue,
} from './httpClient';
export { createDataProvider, type DataProviderOptions } from './dataProvider';
