export * from './api';
export * from './branding';
export * from './lists';
export * from './messages';
export * from './password-reset';
export * from './session';
export * from './students';
export * from './texts';
