// Lists written to files the person picks (the save picker is the backend's). Each answers where
// the file went, or null when the person closed the picker; an export of pets tells its progress
// after each page (a large store on a small plan takes minutes).
export { exportPets, exportActivity } from '../backend';
