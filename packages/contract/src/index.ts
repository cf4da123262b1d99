export * from './api';
export * from './branding';
export * from './lists';
export * from './password-reset';
export * from './session';
export * from './sessions';
export * from './students';
export * from './texts';
