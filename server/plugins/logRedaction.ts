/** pino redaction: tokens and passwords never reach the logs. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'newPassword',
  '*.password',
  '*.newPassword',
  'body.password',
  'body.newPassword',
];

export const LOG_REDACTION = { paths: LOG_REDACT_PATHS, censor: '[redacted]' };
