// Temporary mirror of the IPC contract (/work/issue3-contract.md) until the ts-rs bindings land
// in ./bindings; then this file only re-exports them, so components keep one import path.
export type EnvironmentId = 'production' | 'staging' | 'sandbox';
export type PetStatusValue = 'available' | 'pending' | 'sold';
export interface Pet {
  id: string;
  name: string;
  categoryId: string;
  status: string | null;
  statusKnown: boolean;
}
export interface PetPage {
  pets: Pet[];
  next: string | null;
}
export interface NewPetInput {
  name: string;
  categoryId: string;
  status: PetStatusValue | null;
}
export interface Quota {
  limit: number | null;
  remaining: number | null;
  resetAt: string | null;
  window: 'minute' | 'day' | 'unknown';
  plan: 'free' | 'pro' | 'business' | null;
  observedAt: string;
  environment: EnvironmentId;
}
export type ErrorKind =
  | 'unauthorized'
  | 'notFound'
  | 'gone'
  | 'badRequest'
  | 'rateLimited'
  | 'server'
  | 'unexpectedResponse'
  | 'decode'
  | 'timeout'
  | 'network'
  | 'outcomeUnknown'
  | 'invalidInput'
  | 'configuration'
  | 'keychain';
export interface CommandError {
  kind: ErrorKind;
  message: string;
  code: string | null;
  serverMessage: string | null;
  field: string | null;
  retryAt: string | null;
}
export interface EnvironmentInfo {
  id: EnvironmentId;
  label: string;
  baseUrl: string | null;
  production: boolean;
  localDemo: boolean;
  selected: boolean;
  configured: boolean;
}
export interface Settings {
  productionUrl: string | null;
  stagingUrl: string | null;
}
export interface KeyStatus {
  environment: EnvironmentId;
  stored: boolean;
  masked: string | null;
  sessionOnly: boolean;
  keychainAvailable: boolean;
}
export interface Deprecation {
  operation: string;
  sunset: string;
  replacement: string;
  deprecatedSince: string | null;
}
export interface Lookup {
  pet: Pet | null;
  deprecation: Deprecation;
}
export interface ConnectionTest {
  quota: Quota | null;
  petsSeen: number;
}
export interface Waiting {
  until: string;
  reason: 'rateLimited' | 'quotaExhausted' | 'backoff';
  environment: EnvironmentId;
}
export interface Resumed {
  environment: EnvironmentId;
}
