export * from './api';
export * from './branding';
export * from './class-material';
export * from './lists';
export * from './password-reset';
export * from './session';
export * from './students';
export * from './texts';
