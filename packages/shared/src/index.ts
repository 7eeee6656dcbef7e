export * from './product';
export * from './routes';
export * from './errors';
export * from './api/health';
export * from './api/auth';
export * from './api/me';
export * from './messages/auth';
