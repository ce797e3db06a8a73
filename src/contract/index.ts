export * from './common';
export * from './speechRate';
export * from './auth';
export * from './runtimeConfig';
