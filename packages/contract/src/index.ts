export * from './api';
export * from './banners';
export * from './branding';
export * from './lists';
export * from './password-reset';
export * from './session';
export * from './students';
export * from './texts';
