// The IPC contract's types, generated from the Rust DTOs by ts-rs (src-tauri/tests/bindings.rs) and
// committed in ./bindings. Components import from here so they need not know the file layout.
export type { AddressSource } from './bindings/AddressSource';
export type { CommandError } from './bindings/CommandError';
export type { CommandName } from './bindings/CommandName';
export type { ConnectionTest } from './bindings/ConnectionTest';
export type { CreatedPet } from './bindings/CreatedPet';
export type { Deprecation } from './bindings/Deprecation';
export type { EnvironmentId } from './bindings/EnvironmentId';
export type { EnvironmentInfo } from './bindings/EnvironmentInfo';
export type { ErrorKind } from './bindings/ErrorKind';
export type { EventName } from './bindings/EventName';
export type { KeyStatus } from './bindings/KeyStatus';
export type { Lookup } from './bindings/Lookup';
export type { NewPetInput } from './bindings/NewPetInput';
export type { Pet } from './bindings/Pet';
export type { PetPage } from './bindings/PetPage';
export type { PetStatusValue } from './bindings/PetStatusValue';
export type { Quota } from './bindings/Quota';
export type { RememberedWait } from './bindings/RememberedWait';
export type { Resumed } from './bindings/Resumed';
export type { Settings } from './bindings/Settings';
export type { SettingsProblem } from './bindings/SettingsProblem';
export type { StartedOver } from './bindings/StartedOver';
export type { Waiting } from './bindings/Waiting';
