export * from './common';
export * from './speechRate';
export * from './auth';
export * from './runtimeConfig';
export * from './users';
export * from './dictionary';
export * from './landmines';
export * from './sessions';
