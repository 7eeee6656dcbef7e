export * from './operator-runs';
